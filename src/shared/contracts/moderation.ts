import { z } from 'zod';
import {
  CASE_STATUSES,
  MAX_APPEAL_TEXT,
  MAX_FEEDBACK_TEXT,
  MAX_MODERATION_REASON,
  MAX_REPORT_DETAIL,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '../moderation.ts';
import { restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';

/*
 * Reports, the operators' moderation queue, decisions and appeals, and the feedback modal (viewer
 * spec sections 3, 4 and 7; docs/decisions/0044-moderation.md).
 */

const Id = z.string().regex(/^\d{1,20}$/, 'An id is a number.');
const Short = z.string().max(200);

/** Spec section 3's report target. */
export const ReportTarget = z.object({
  id: Id,
  type: z.enum(REPORT_TARGET_TYPES),
  parentId: Id.nullish(),
  isProduct: z.boolean().optional(),
  isPromoted: z.boolean().optional(),
  isThirdPartyAd: z.boolean().optional(),
  videoDuration: z.number().min(0).max(86_400_000).nullish(),
  viewParameter: Short.nullish(),
  viewType: Short.nullish(),
});
export type ReportTarget = z.infer<typeof ReportTarget>;

const Reason = (max: number) =>
  z
    .string()
    .max(max, `Use at most ${max} characters.`)
    .transform((s) => s.trim())
    .refine((s) => s !== '', 'Please give a reason.');

/** ReportResource create: the viewer reports a target for a reason (repeating a report answers the same one). */
export const ReportResource = resourceContract({
  name: 'ReportResource',
  verbs: {
    create: {
      input: z.object({
        target: ReportTarget,
        reason: z.enum(REPORT_REASONS),
        detail: z.string().max(MAX_REPORT_DETAIL, `Use at most ${MAX_REPORT_DETAIL} characters.`).optional(),
      }),
      output: z.object({ id: Id, case_id: Id }),
    },
  },
});

const Person = z.object({ id: z.string(), username: z.string() });

export const CaseReportJson = z.object({
  reporter: Person,
  reason: z.enum(REPORT_REASONS),
  detail: z.string(),
  is_promoted: z.boolean(),
  is_product: z.boolean(),
  created_at: z.iso.datetime(),
});

export const ModerationCaseJson = z.object({
  id: Id,
  target: z.object({
    type: z.enum(REPORT_TARGET_TYPES),
    id: z.string(),
    parent_id: z.string().nullable(),
    url: z.string().nullable(),
    title: z.string().nullable(),
  }),
  subject: Person.nullable(),
  status: z.enum(CASE_STATUSES),
  assignee: Person.nullable(),
  report_count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  reports: z.array(CaseReportJson),
  actions: z.array(z.enum(MODERATION_ACTIONS)),
  appeal_text: z.string().nullable(),
  opened_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ModerationCaseJson = z.infer<typeof ModerationCaseJson>;

/** ModerationQueueResource get: operators read the cases waiting (open and appealed), or the closed ones, newest first. */
export const ModerationQueueResource = resourceContract({
  name: 'ModerationQueueResource',
  verbs: {
    get: { input: z.object({ status: z.enum(['waiting', 'closed']).default('waiting') }), output: z.array(ModerationCaseJson) },
  },
});

/** ModerationAssignResource: create assigns the case to the calling operator, delete gives it back to the queue. */
export const ModerationAssignResource = resourceContract({
  name: 'ModerationAssignResource',
  verbs: {
    create: { input: z.object({ case_id: Id }), output: ModerationCaseJson },
    delete: { input: z.object({ case_id: Id }), output: ModerationCaseJson },
  },
});

/** ModerationActionResource create: an operator acts on a case with a stated reason; the case closes. */
export const ModerationActionResource = resourceContract({
  name: 'ModerationActionResource',
  verbs: {
    create: { input: z.object({ case_id: Id, action: z.enum(MODERATION_ACTIONS), reason: Reason(MAX_MODERATION_REASON) }), output: ModerationCaseJson },
  },
});

export const ModerationLogEntryJson = z.object({
  id: Id,
  case_id: Id,
  actor: Person,
  action: z.string(),
  reason: z.string(),
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() }),
  created_at: z.iso.datetime(),
});

/** ModerationLogResource get: every action on every case (assignments, decisions, appeals), newest first; or one case's. */
export const ModerationLogResource = resourceContract({
  name: 'ModerationLogResource',
  verbs: { get: { input: z.object({ case_id: Id.optional() }), output: z.array(ModerationLogEntryJson) } },
});

export const ModerationNoticeJson = z.object({
  id: Id,
  case_id: Id,
  role: z.enum(['reporter', 'subject']),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() }),
  can_appeal: z.boolean(),
  created_at: z.iso.datetime(),
});
export type ModerationNoticeJson = z.infer<typeof ModerationNoticeJson>;

/** ModerationNoticesResource get: the decisions the viewer was told of, as reporter or as subject, newest first. */
export const ModerationNoticesResource = resourceContract({
  name: 'ModerationNoticesResource',
  verbs: { get: { input: z.object({}), output: z.array(ModerationNoticeJson) } },
});

/** ModerationAppealResource create: the subject of a decision asks again; the case returns to the queue. */
export const ModerationAppealResource = resourceContract({
  name: 'ModerationAppealResource',
  verbs: { create: { input: z.object({ case_id: Id, text: Reason(MAX_APPEAL_TEXT) }), output: z.object({ case_id: Id, status: z.enum(CASE_STATUSES) }) } },
});

/** What the feedback modal sends inside feedback_data (JSON text). */
export const FeedbackData = z.object({
  text: z
    .string()
    .max(MAX_FEEDBACK_TEXT, `Use at most ${MAX_FEEDBACK_TEXT} characters.`)
    .refine((s) => s.trim() !== '', 'Please write your feedback.'),
  page: z.string().max(500).optional(),
});
export type FeedbackData = z.infer<typeof FeedbackData>;

/** POST /v3/analytics/feedback/ {feedback_data}: spec section 7, the feedback modal's call. */
export const FeedbackRoute = {
  body: z.object({ feedback_data: z.string().max(20_000) }),
  response: { 200: restAnswer(z.object({ id: Id })) },
};

export const FeedbackJson = z.object({ id: Id, user: Person.nullable(), text: z.string(), page: z.string().nullable(), created_at: z.iso.datetime() });
export type FeedbackJson = z.infer<typeof FeedbackJson>;

/** FeedbackAdminResource get: operators read the feedback, newest first. */
export const FeedbackAdminResource = resourceContract({
  name: 'FeedbackAdminResource',
  verbs: { get: { input: z.object({}), output: z.array(FeedbackJson) } },
});
