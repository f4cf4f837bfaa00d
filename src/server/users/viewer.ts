import type { LoginState, Viewer } from '../../shared/viewer.ts';
import type { Actor } from '../auth/actor.ts';
import type { User } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { presentViewer } from './users.present.ts';
import { findUserById } from './users.repo.ts';

export function loginStateOf(actor: Actor): LoginState {
  return actor.kind === 'member' && actor.limitedLogin ? 'limited' : 'full';
}

/** Users read with the session of a safe request, by the request's actor (gone with the request). */
const sessionUsers = new WeakMap<Actor, User>();

export function rememberSessionUser(actor: Actor, user: User): void {
  sessionUsers.set(actor, user);
}

/** The signed-in viewer for /v3/users/me/ and the page bootstrap; null for a visitor. */
export async function loadViewer(deps: Deps, actor: Actor): Promise<Viewer | null> {
  if (actor.kind === 'visitor') return null;
  const user = sessionUsers.get(actor) ?? (await findUserById(deps.db, actor.userId));
  return user ? presentViewer(user, loginStateOf(actor), new Date()) : null;
}

export function loadViewerOfUser(user: User, loginState: LoginState): Viewer {
  return presentViewer(user, loginState, new Date());
}
