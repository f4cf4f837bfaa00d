// Reports, moderation cases and their log, restrictions, hidden pins, feedback (migration 0023, docs/decisions/0044).
import type { Generated, Selectable } from 'kysely';
import type { Flag } from './flag.ts';

export type ModerationCasesTable = {
  id: string;
  /** pin, comment, tried_it, conversation or member (the report target's type). */
  target_type: string;
  target_id: string;
  parent_id: string | null;
  /** The member the case is about: a pin's creator, the member reported; null when not known from the target. */
  subject_id: string | null;
  /** open, closed or appealed (appealed is back in the queue). */
  status: string;
  assignee_id: string | null;
  report_count: Generated<number>;
  appeal_text: string | null;
  opened_at: number;
  updated_at: number;
};
export type ModerationCase = Selectable<ModerationCasesTable>;

export type ReportsTable = {
  id: string;
  case_id: string;
  reporter_id: string;
  reason: string;
  detail: Generated<string>;
  is_promoted: Generated<Flag>;
  is_product: Generated<Flag>;
  created_at: number;
};
export type Report = Selectable<ReportsTable>;

export type ModerationActionsTable = { id: string; case_id: string; actor_id: string; action: string; reason: Generated<string>; created_at: number };
export type ModerationAction = Selectable<ModerationActionsTable>;

export type ModerationNoticesTable = { id: string; user_id: string; case_id: string; role: string; action: string; reason: string; created_at: number };
export type ModerationNotice = Selectable<ModerationNoticesTable>;

export type MemberRestrictionsTable = { user_id: string; write_banned: Flag; suspended: Flag; case_id: string | null; updated_at: number };

export type ModeratedPinsTable = { pin_id: string; case_id: string; hidden_at: number };

export type FeedbackTable = { id: string; user_id: string | null; text: string; data: string; created_at: number };
export type Feedback = Selectable<FeedbackTable>;
