import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { MAIL_SEND_JOB, sendMailJob } from '../mail/mail.job.ts';
import { reindexJob, SEARCH_REINDEX_JOB } from '../search/stale-pins.ts';
import { EVENTS_PRUNE_JOB, pruneJob } from '../events/retention.ts';
import { MEDIA_PROCESS_JOB, MEDIA_SWEEP_JOB, processMediaJob, sweepOrphanJob } from '../media/media.job.ts';
import { PASSWORD_RESET_MAIL_JOB, passwordResetMailJob } from '../auth/password-reset.service.ts';
import { ACCOUNT_PURGE_JOB, accountPurgeJob } from '../users/account-deletion.job.ts';
import { accountExportJob } from '../users/account-export.job.ts';
import { ACCOUNT_EXPORT_JOB } from '../users/account-export.service.ts';
import { BOARD_ACTION_JOB, boardActionJob } from '../organize/organize.job.ts';
import { SKIN_TONE_BACKFILL_JOB, skinToneBackfillJob } from '../media/skin-tone-backfill.ts';
import { NEWS_MAIL_JOB, newsMailJob } from '../notifications/mail.job.ts';
import { NEWS_PUSH_JOB, pushJob } from '../notifications/push.job.ts';

/** Every job type the workers run, by name; jobs are service functions behind a typed payload. */
export function jobHandlers(deps: Deps): Record<string, JobHandler> {
  return {
    [MAIL_SEND_JOB]: sendMailJob(deps),
    [PASSWORD_RESET_MAIL_JOB]: passwordResetMailJob(deps),
    [MEDIA_PROCESS_JOB]: processMediaJob(deps),
    [MEDIA_SWEEP_JOB]: sweepOrphanJob(deps),
    [SEARCH_REINDEX_JOB]: reindexJob(deps),
    [SKIN_TONE_BACKFILL_JOB]: skinToneBackfillJob(deps),
    [EVENTS_PRUNE_JOB]: pruneJob(deps),
    [ACCOUNT_EXPORT_JOB]: accountExportJob(deps),
    [ACCOUNT_PURGE_JOB]: accountPurgeJob(deps),
    [BOARD_ACTION_JOB]: boardActionJob(deps),
    [NEWS_PUSH_JOB]: pushJob(deps),
    [NEWS_MAIL_JOB]: newsMailJob(deps),
  };
}
