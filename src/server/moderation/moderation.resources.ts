import {
  FeedbackAdminResource,
  ModerationActionResource,
  ModerationAppealResource,
  ModerationAssignResource,
  ModerationLogResource,
  ModerationNoticesResource,
  ModerationQueueResource,
  ReportResource,
} from '../../shared/contracts/moderation.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { actOnCase, appealCase, readNotices } from './decisions.service.ts';
import { readFeedback } from './feedback.service.ts';
import { assignCase, readLog, readQueue } from './queue.service.ts';
import { fileReport } from './reports.service.ts';

/* Reports, the moderation queue, decisions, appeals and feedback (contracts in src/shared/contracts/moderation.ts). */

export const moderationResources: Resource[] = [
  defineResource(ReportResource, {
    create: async ({ input, actor, deps }) => ({ data: await fileReport(deps, actor, input) }),
  }),
  defineResource(ModerationQueueResource, {
    get: async ({ input, actor, deps }) => ({ data: await readQueue(deps, actor, input.status) }),
  }),
  defineResource(ModerationAssignResource, {
    create: async ({ input, actor, deps }) => ({ data: await assignCase(deps, actor, input.case_id, true) }),
    delete: async ({ input, actor, deps }) => ({ data: await assignCase(deps, actor, input.case_id, false) }),
  }),
  defineResource(ModerationActionResource, {
    create: async ({ input, actor, deps }) => ({ data: await actOnCase(deps, actor, input) }),
  }),
  defineResource(ModerationLogResource, {
    get: async ({ input, actor, deps }) => ({ data: await readLog(deps, actor, input.case_id) }),
  }),
  defineResource(ModerationNoticesResource, {
    get: async ({ actor, deps }) => ({ data: await readNotices(deps, actor) }),
  }),
  defineResource(ModerationAppealResource, {
    create: async ({ input, actor, deps }) => ({ data: await appealCase(deps, actor, input) }),
  }),
  defineResource(FeedbackAdminResource, {
    get: async ({ actor, deps }) => ({ data: await readFeedback(deps, actor) }),
  }),
];
