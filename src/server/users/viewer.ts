import type { LoginState, Viewer } from '../../shared/viewer.ts';
import type { Actor } from '../access/actor.ts';
import { requireSignedIn } from '../access/authorized.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { presentViewer } from './users.present.ts';
import { findUserById } from './users.repo.ts';
import { loadViewerProfile, viewerProfileOf } from './viewer-profile.ts';
import type { ProfileRow } from './viewer-profile.repo.ts';

export function loginStateOf(actor: Actor): LoginState {
  return actor.kind === 'member' && actor.limitedLogin ? 'limited' : 'full';
}

/**
 * Users and profiles read with the session of a safe request, by the request's actor. The auth
 * hook makes a new actor object for each request and only the request holds it, so an entry lives
 * as long as its request and the map never holds more than the requests in flight.
 */
const sessionUsers = new WeakMap<Actor, { user: User; profile: ProfileRow }>();

export function rememberSessionUser(actor: Actor, user: User, profile: ProfileRow): void {
  sessionUsers.set(actor, { user, profile });
}

/** The signed-in viewer for the page bootstrap and GraphQL; null for a visitor. */
export async function loadViewer(deps: Deps, actor: Actor): Promise<Viewer | null> {
  if (actor.kind === 'visitor') return null;
  const read = sessionUsers.get(actor);
  if (read) return presentViewer(read.user, loginStateOf(actor), new Date(), await viewerProfileOf(deps, actor.userId, read.profile));
  const [user, profile] = await Promise.all([findUserById(deps.db, actor.userId), loadViewerProfile(deps, actor.userId)]);
  return user ? presentViewer(user, loginStateOf(actor), new Date(), profile) : null;
}

/** GET /v3/users/me/: the viewer of a session or token; a visitor is asked to sign in. */
export async function signedInViewer(deps: Deps, actor: Actor): Promise<Viewer> {
  const viewer = await loadViewer(deps, requireSignedIn(actor));
  if (!viewer) throw new AppError('unauthorized');
  return viewer;
}

/** The viewer of a user just signed in (the session's actor is not on the request yet). */
export async function loadViewerOfUser(deps: Deps, user: User, loginState: LoginState): Promise<Viewer> {
  return presentViewer(user, loginState, new Date(), await loadViewerProfile(deps, user.id));
}
