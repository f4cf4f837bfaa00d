import type { Db } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { LIVE_ENTRY_KINDS, type LiveEntry } from '../../shared/contracts/live.ts';
import { insertLogRows, takeSeqs } from './member-log.repo.ts';

/** The same entry for every member, or each member's own (made once their log is locked, so counts in it are current). */
export type EntryFor = LiveEntry | ((memberId: string) => Promise<LiveEntry> | LiveEntry);

/**
 * Appends an entry to each member's log, inside the caller's transaction: it commits with the
 * change it tells of, or not at all. Each member's log head stays locked until the commit, so a
 * member's entries are numbered in commit order and an entry made by a function sees every change
 * numbered before it. The `live.appended` event wakes the members' open streams on every node once
 * the transaction commits (live.subscriber.ts). Answers each member's number for the entry.
 */
export async function appendToMembers(deps: { events: EventBus }, trx: Db, memberIds: readonly string[], entry: EntryFor): Promise<Map<string, number>> {
  // Sorted: two transactions lock shared members' heads in the same order and cannot deadlock.
  const members = [...new Set(memberIds)].sort();
  if (members.length === 0) return new Map();
  const seqs = await takeSeqs(trx, members, 1);
  const now = Date.now();
  const rows = [];
  for (const member_id of members) {
    const made = typeof entry === 'function' ? await entry(member_id) : entry;
    rows.push({ member_id, seq: seqs.get(member_id) ?? 0, kind: made.kind, payload: payloadOf(made), created_at: now });
  }
  await insertLogRows(trx, rows);
  await deps.events.record(trx, null, { type: 'live.appended', memberIds: members });
  return seqs;
}

/** The data checked against its kind: a stream never sends what a client cannot read. */
function payloadOf(entry: LiveEntry): string {
  return JSON.stringify(LIVE_ENTRY_KINDS[entry.kind].parse(entry.data));
}
