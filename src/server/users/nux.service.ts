import type { NuxAnswer, NuxState } from '../../shared/contracts/nux.ts';
import { canAnswerNuxStep, isNuxStep, nextNuxStep, type NuxStep } from '../../shared/nux.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession, type Member } from '../access/authorized.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { completeNux, findNux, insertNux, moveNux, setCountryAndLocale, setGender, takeFirstHomeFeed, type NuxRow } from './nux.repo.ts';
import { findUserById } from './users.repo.ts';

/**
 * Onboarding after sign-up (docs/decisions/0041-onboarding-accounts-consent.md). Sign-up starts
 * it at "welcome"; each answer saves its step and moves on; the last one finishes it for good and
 * marks the next home feed request as the first after it (`firstHomeFeedRequestAfterNux`).
 */

/** The interests step's writes, made by the area that owns topic follows, inside the step's transaction. */
export type ChooseInterests = (trx: Db, member: Member, interestIds: readonly string[]) => Promise<void>;
export type FollowedInterests = (db: Db, userId: string) => Promise<string[]>;

/** Called by sign-up in the account's own transaction. */
export async function startNux(trx: Db, userId: string, now: number): Promise<void> {
  await insertNux(trx, userId, now);
}

/** Whether this member still has onboarding to do: sign-up sends them to it, home sends them back. */
export async function needsNux(deps: Deps, actor: Actor): Promise<boolean> {
  if (actor.kind !== 'member') return false;
  const row = await findNux(deps.db, actor.userId);
  return row !== undefined && row.completed_at === null;
}

export async function nuxState(deps: Deps, actor: Actor, followed: FollowedInterests): Promise<NuxState> {
  const member = requireSession(actor);
  return stateOf(deps.db, member.userId, await findNux(deps.db, member.userId), followed);
}

export async function answerNux(deps: Deps, actor: Actor, answer: NuxAnswer, choose: ChooseInterests, followed: FollowedInterests): Promise<NuxState> {
  const member = requireSession(actor);
  return transact(deps.db, async (trx) => {
    const row = await findNux(trx, member.userId);
    if (!row || row.completed_at !== null) throw new AppError('conflict', 'Onboarding is already finished.');
    if (!canAnswerNuxStep(stepOf(row), answer.step)) throw new AppError('conflict', 'Please answer the earlier steps first.');
    const now = Date.now();
    await applyAnswer(trx, member, answer, choose, now);
    const next = nextNuxStep(answer.step);
    if (next) await moveNux(trx, member.userId, next, now);
    else await completeNux(trx, member.userId, now);
    return stateOf(trx, member.userId, await findNux(trx, member.userId), followed);
  });
}

async function applyAnswer(trx: Db, member: Member, answer: NuxAnswer, choose: ChooseInterests, now: number): Promise<void> {
  switch (answer.step) {
    case 'welcome':
      return;
    case 'interests':
      return choose(trx, member, answer.interest_ids);
    case 'country_language':
      return setCountryAndLocale(trx, member.userId, answer.country, answer.locale, now);
    case 'gender': {
      const custom = answer.gender === 'custom' ? (answer.custom_gender ?? null) : null;
      return setGender(trx, member.userId, answer.gender, custom, now);
    }
  }
}

/**
 * The home feed asks once per first page: true only for the first request after onboarding, so
 * that one is built from the chosen interests rather than served from a list made before them.
 */
export async function takeFirstHomeFeedAfterNux(deps: Deps, userId: string): Promise<boolean> {
  return takeFirstHomeFeed(deps.db, userId, Date.now());
}

function stepOf(row: NuxRow): NuxStep {
  // Only this module writes the column; an unknown value would be a stored step since renamed.
  return isNuxStep(row.step) ? row.step : 'welcome';
}

async function stateOf(db: Db, userId: string, row: NuxRow | undefined, followed: FollowedInterests): Promise<NuxState> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized');
  return {
    // A member who signed up before onboarding existed has nothing to do.
    step: row ? stepOf(row) : 'gender',
    completed: !row || row.completed_at !== null,
    interest_ids: await followed(db, userId),
    country: user.country,
    locale: user.locale,
    gender: user.gender,
    custom_gender: user.custom_gender,
  };
}
