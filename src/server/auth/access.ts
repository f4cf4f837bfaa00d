import { AppError } from '../errors.ts';
import type { Actor, Member, SignedIn } from './actor.ts';

/** Any signed-in caller: a browser session or a personal access token. */
export function requireSignedIn(actor: Actor): SignedIn {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  return actor;
}

/** A browser session only: things a leaked token must not be able to do (mint tokens, change passwords). */
export function requireSession(actor: Actor): Member {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (actor.kind !== 'member') throw new AppError('forbidden', 'This needs a signed-in browser session.');
  return actor;
}

/** A session that is not in limited login (docs/decisions/0006-accounts-and-sessions.md). */
export function requireFullSession(actor: Actor): Member {
  const member = requireSession(actor);
  if (member.limitedLogin) throw new AppError('forbidden', 'Please verify your email to continue.');
  return member;
}
