import type { ModerationCase, Report } from '../db/schema/moderation.ts';
import { actionsFor, type CaseStatus, type ReportReason, type ReportTargetType } from '../../shared/moderation.ts';
import type { ModerationCaseJson } from '../../shared/contracts/moderation.ts';

/** How many of a case's reports the queue shows in full (the reasons count them all). */
export const REPORTS_SHOWN = 10;

export type CaseContext = {
  usernames: Map<string, string>;
  pinTitles: Map<string, string>;
  commentTexts: Map<string, string>;
  didItNotes: Map<string, string>;
  reports: Report[];
};

const iso = (ms: number) => new Date(ms).toISOString();

function person(id: string | null, usernames: Map<string, string>): { id: string; username: string } | null {
  if (id === null) return null;
  return { id, username: usernames.get(id) ?? '' };
}

/** Where an operator opens the target; comments, tried-its and conversations open on their pin when the report named it. */
function targetUrl(row: ModerationCase, usernames: Map<string, string>): string | null {
  if (row.target_type === 'pin') return `/pin/${row.target_id}/`;
  if (row.target_type === 'member') {
    const username = usernames.get(row.target_id);
    return username ? `/${username}/` : null;
  }
  if ((row.target_type === 'comment' || row.target_type === 'tried_it') && row.parent_id !== null) return `/pin/${row.parent_id}/`;
  return null;
}

function reasonCounts(reports: Report[]): { reason: ReportReason; count: number }[] {
  const counts = new Map<ReportReason, number>();
  for (const r of reports) counts.set(r.reason as ReportReason, (counts.get(r.reason as ReportReason) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

export function presentCase(row: ModerationCase, context: CaseContext): ModerationCaseJson {
  const reports = context.reports.filter((r) => r.case_id === row.id && r.created_at >= row.opened_at);
  const type = row.target_type as ReportTargetType;
  return {
    id: row.id,
    target: {
      type,
      id: row.target_id,
      parent_id: row.parent_id,
      url: targetUrl(row, context.usernames),
      title:
        type === 'pin'
          ? (context.pinTitles.get(row.target_id) ?? null)
          : type === 'comment'
            ? (context.commentTexts.get(row.target_id) ?? null)
            : type === 'member'
              ? (context.usernames.get(row.target_id) ?? null)
              : type === 'tried_it'
                ? (context.didItNotes.get(row.target_id) ?? null)
                : null,
    },
    subject: person(row.subject_id, context.usernames),
    status: row.status as CaseStatus,
    assignee: person(row.assignee_id, context.usernames),
    report_count: row.report_count,
    reasons: reasonCounts(reports),
    reports: reports.slice(0, REPORTS_SHOWN).map((r) => ({
      reporter: person(r.reporter_id, context.usernames) ?? { id: r.reporter_id, username: '' },
      reason: r.reason as ReportReason,
      detail: r.detail,
      is_promoted: r.is_promoted === 1,
      is_product: r.is_product === 1,
      created_at: iso(r.created_at),
    })),
    actions: actionsFor(type, row.subject_id !== null),
    appeal_text: row.appeal_text,
    opened_at: iso(row.opened_at),
    updated_at: iso(row.updated_at),
  };
}

/** Every user id a page of cases names, for one read of their usernames. */
export function peopleOf(rows: ModerationCase[], reports: Report[]): string[] {
  const ids: string[] = [];
  for (const row of rows) {
    if (row.subject_id) ids.push(row.subject_id);
    if (row.assignee_id) ids.push(row.assignee_id);
    if (row.target_type === 'member') ids.push(row.target_id);
  }
  for (const r of reports) ids.push(r.reporter_id);
  return ids;
}
