import type { Actor } from './actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { usernameOf } from './access.repo.ts';

declare const operator: unique symbol;
/** An operator acting from a signed-in browser: their user id. Made only here (see authorized.ts). */
export type Operator = { readonly userId: string; readonly [operator]: true };

/**
 * Whether the caller is one of the instance's operators (config OPERATORS, usernames). Only a
 * browser session counts: a personal access token is for the public API, not for running the site.
 */
export async function operatorOf(deps: Deps, actor: Actor): Promise<Operator | null> {
  if (actor.kind !== 'member' || deps.config.operators.size === 0) return null;
  const username = await usernameOf(deps.db, actor.userId);
  return username !== undefined && deps.config.operators.has(username.toLowerCase()) ? ({ userId: actor.userId } as Operator) : null;
}

/** The operators' resources: a visitor is asked to sign in (401), any other member refused (403). */
export async function requireOperator(deps: Deps, actor: Actor): Promise<Operator> {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  const operator = await operatorOf(deps, actor);
  if (!operator) throw new AppError('forbidden', 'Only the operators of this site can do that.');
  return operator;
}

/**
 * The operators' screen itself: for anyone else it does not exist (404, as for anything private
 * the viewer may not see), so its address tells nobody that it is there.
 */
export async function requireOperatorScreen(deps: Deps, actor: Actor): Promise<Operator> {
  const operator = await operatorOf(deps, actor);
  if (!operator) throw new AppError('not_found');
  return operator;
}
