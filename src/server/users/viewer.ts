import type { LoginState, Viewer } from '../../shared/viewer.ts';
import type { Actor } from '../access/actor.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { presentViewer } from './users.present.ts';
import { findUserById } from './users.repo.ts';
import { loadViewerProfile, viewerProfileOf, type ProfileRow } from './viewer-profile.ts';

export function loginStateOf(actor: Actor): LoginState {
  return actor.kind === 'member' && actor.limitedLogin ? 'limited' : 'full';
}

/** Users and profiles read with the session of a safe request, by the request's actor (gone with the request). */
const sessionUsers = new WeakMap<Actor, { user: User; profile: ProfileRow }>();

export function rememberSessionUser(actor: Actor, user: User, profile: ProfileRow): void {
  sessionUsers.set(actor, { user, profile });
}

/** The signed-in viewer for /v3/users/me/ and the page bootstrap; null for a visitor. */
export async function loadViewer(deps: Deps, actor: Actor): Promise<Viewer | null> {
  if (actor.kind === 'visitor') return null;
  const read = sessionUsers.get(actor);
  if (read) return presentViewer(read.user, loginStateOf(actor), new Date(), await viewerProfileOf(deps, actor.userId, read.profile));
  const [user, profile] = await Promise.all([findUserById(deps.db, actor.userId), loadViewerProfile(deps, actor.userId)]);
  return user ? presentViewer(user, loginStateOf(actor), new Date(), profile) : null;
}

/** The viewer of a user just signed in (the session's actor is not on the request yet). */
export async function loadViewerOfUser(deps: Deps, user: User, loginState: LoginState): Promise<Viewer> {
  return presentViewer(user, loginState, new Date(), await loadViewerProfile(deps, user.id));
}
