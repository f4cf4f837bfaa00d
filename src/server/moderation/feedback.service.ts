import type { Actor } from '../access/actor.ts';
import { requireOperator } from '../access/operators.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FeedbackData, type FeedbackJson } from '../../shared/contracts/moderation.ts';
import { insertFeedback, latestFeedback, usernamesOf } from './moderation.repo.ts';

/** The feedback modal (viewer spec sections 4, 5 and 7) and the operators' reading of it. */

const FEEDBACK_PAGE = 200;

/** The JSON text of feedback_data, parsed against its contract: bad JSON or blank text is a 400. */
export function parseFeedbackData(raw: string): FeedbackData {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', 'feedback_data: Send the feedback as JSON text.');
  }
  const parsed = FeedbackData.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('bad_request', `feedback_data${issue?.path.length ? `.${issue.path.join('.')}` : ''}: ${issue?.message ?? 'Invalid feedback.'}`);
  }
  return parsed.data;
}

/** POST /v3/analytics/feedback/: stored with its sender (a visitor's without one), limited per sender. */
export async function sendFeedback(deps: Deps, actor: Actor, ip: string, raw: string): Promise<{ id: string }> {
  const data = parseFeedbackData(raw);
  const userId = actor.kind === 'visitor' ? null : actor.userId;
  await enforceRateLimit(deps, 'feedback', userId ?? `ip:${ip}`);
  return transact(deps.db, async (trx) => {
    const id = newId();
    await insertFeedback(trx, { id, user_id: userId, text: data.text.trim(), data: JSON.stringify(data), created_at: Date.now() });
    await deps.events.record(trx, userId, { type: 'feedback.sent', feedbackId: id });
    return { id };
  });
}

/** FeedbackAdminResource get: the newest feedback, for operators. */
export async function readFeedback(deps: Deps, actor: Actor): Promise<FeedbackJson[]> {
  await requireOperator(deps, actor);
  const rows = await latestFeedback(deps.db, FEEDBACK_PAGE);
  const usernames = await usernamesOf(
    deps.db,
    rows.flatMap((r) => (r.user_id ? [r.user_id] : [])),
  );
  return rows.map((r) => {
    const page = FeedbackData.safeParse(JSON.parse(r.data)).data?.page ?? null;
    return {
      id: r.id,
      user: r.user_id ? { id: r.user_id, username: usernames.get(r.user_id) ?? '' } : null,
      text: r.text,
      page,
      created_at: new Date(r.created_at).toISOString(),
    };
  });
}
