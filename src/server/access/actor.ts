/**
 * Who is making a call, as the request says (a session cookie, a bearer token, or nobody). It
 * proves nothing: a service turns it into an authorized type (authorized.ts) before it acts.
 */
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

/** Whether the request names someone; a page chooses what to render by it, never what to allow. */
export function isSignedIn(actor: Actor): boolean {
  return actor.kind !== 'visitor';
}
