/** Who is making a call. Services take an Actor and start with their access check. */
export type Actor =
  | { kind: 'visitor' }
  | {
      kind: 'member';
      userId: string;
      sessionIdHash: string;
      limitedLogin: boolean;
      /** When the session ends unless activity or GET /refresh_token renews it (epoch ms). */
      expiresAt: number;
    }
  | { kind: 'token'; userId: string; tokenId: string; scopes: readonly string[] };

export const visitor: Actor = { kind: 'visitor' };

export type SignedIn = Exclude<Actor, { kind: 'visitor' }>;
export type Member = Extract<Actor, { kind: 'member' }>;

export function isSignedIn(actor: Actor): actor is SignedIn {
  return actor.kind !== 'visitor';
}
