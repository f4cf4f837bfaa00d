import type { Actor } from '../access/actor.ts';
import { writerOf, type Writer } from '../access/authorized.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import { transact } from '../db/transaction.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { DidItMarks } from '../../shared/contracts/did-its.ts';
import { LIKE } from '../../shared/reactions.ts';
import { adjustDidItCount, deleteDidItReaction, deleteHelpful, insertDidItReaction, insertHelpful } from './did-it-marks.repo.ts';
import { visibleDidIt } from '../access/access.repo.ts';
import { findVisibleDidIt } from '../access/did-it.policy.ts';
import { lockDidIt } from './did-its.repo.ts';
import { presentMarks } from './did-its.present.ts';

function isForeignKeyViolation(error: unknown): boolean {
  return error instanceof Error && (error as Error & { code?: unknown }).code === '23503';
}

type Mark = (trx: Db, writer: Writer, row: DidItRow, deps: Deps) => Promise<void>;

/**
 * One mark on a tried-it the member may see (else 404), in one transaction with its count; the
 * answer reads the tried-it again as the writer sees it.
 */
async function mark(deps: Deps, actor: Actor, id: string, change: Mark): Promise<DidItMarks> {
  const writer = writerOf(actor, 'pins:write');
  await enforceRateLimit(deps, 'didItMark', writer.userId);
  try {
    await transact(deps.db, async (trx) => {
      // Every change of a tried-it takes its row lock first, so none waits on another in the other order.
      await lockDidIt(trx, id);
      await change(trx, writer, await findVisibleDidIt(trx, writer, id), deps);
    });
  } catch (error) {
    // PostgreSQL: the tried-it was deleted by a transaction that committed after this one read it.
    if (isForeignKeyViolation(error)) throw new AppError('not_found');
    throw error;
  }
  const row = await visibleDidIt(deps.db, writer, id);
  if (!row) throw new AppError('not_found');
  return presentMarks(deps, writer, row);
}

/** Like: once per member; a repeated like changes nothing. */
export function likeDidIt(deps: Deps, actor: Actor, id: string): Promise<DidItMarks> {
  return mark(deps, actor, id, async (trx, writer, row) => {
    if (!(await insertDidItReaction(trx, { did_it_id: row.id, user_id: writer.userId, reaction_type: LIKE, created_at: Date.now() }))) return;
    await adjustDidItCount(trx, row.id, 'like_count', 1);
    await deps.events.record(trx, writer.userId, { type: 'did_it.reacted', didItId: row.id, reactionType: LIKE });
  });
}

export function unlikeDidIt(deps: Deps, actor: Actor, id: string): Promise<DidItMarks> {
  return mark(deps, actor, id, async (trx, writer, row) => {
    if (!(await deleteDidItReaction(trx, row.id, writer.userId))) return;
    await adjustDidItCount(trx, row.id, 'like_count', -1);
    await deps.events.record(trx, writer.userId, { type: 'did_it.unreacted', didItId: row.id });
  });
}

/** Helpful: someone else's tried-it helped the member; marking one's own is refused. */
export function markDidItHelpful(deps: Deps, actor: Actor, id: string): Promise<DidItMarks> {
  return mark(deps, actor, id, async (trx, writer, row) => {
    if (row.user_id === writer.userId) throw new AppError('forbidden', 'You cannot mark your own tried-it helpful.');
    if (!(await insertHelpful(trx, { did_it_id: row.id, user_id: writer.userId, created_at: Date.now() }))) return;
    await adjustDidItCount(trx, row.id, 'helpful_count', 1);
    await deps.events.record(trx, writer.userId, { type: 'did_it.marked_helpful', didItId: row.id });
  });
}

export function unmarkDidItHelpful(deps: Deps, actor: Actor, id: string): Promise<DidItMarks> {
  return mark(deps, actor, id, async (trx, writer, row) => {
    if (!(await deleteHelpful(trx, row.id, writer.userId))) return;
    await adjustDidItCount(trx, row.id, 'helpful_count', -1);
    await deps.events.record(trx, writer.userId, { type: 'did_it.unmarked_helpful', didItId: row.id });
  });
}
