import { z } from 'zod';
import type { AccountExportSummary } from '../../shared/contracts/account-security.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession } from '../access/authorized.ts';
import { hashSecret, randomSecret } from '../common/secrets.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { newId } from '../db/ids.ts';
import { claimDownload, insertExport, latestExportOf, type ExportRow } from './account-export.repo.ts';

/** The job that builds a requested export and mails its link. */
export const ACCOUNT_EXPORT_JOB = 'users.account_export';
/** How long the mailed link works. */
export const EXPORT_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** One export a day is plenty; a pending one is answered as it is. */
export const EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;

export const ExportJob = z.object({ exportId: z.string(), token: z.string() });

/** Anyone holding the mailed link may download: the link is the proof. */
function anyone(_actor: Actor): void {}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function presentExport(row: ExportRow, now: number): AccountExportSummary {
  const expired = row.expires_at !== null && row.expires_at <= now;
  return {
    id: row.id,
    status: row.status,
    requested_at: new Date(row.requested_at).toISOString(),
    ready_at: iso(row.ready_at),
    expires_at: iso(row.expires_at),
    downloaded: row.downloaded_at !== null || expired,
  };
}

/** AccountExportResource get: the member's latest export, or null. */
export async function latestExport(deps: Deps, actor: Actor, now = Date.now()): Promise<AccountExportSummary | null> {
  const member = requireFullSession(actor);
  const row = await latestExportOf(deps.db, member.userId);
  return row ? presentExport(row, now) : null;
}

/**
 * AccountExportResource create: asks for a ZIP of the member's data. A job builds it and mails a
 * one-time link; the link's secret travels in the job's payload only, so the mail can be sent again
 * by a rerun of the job, and the row keeps its hash. A pending export, or one made in the last day,
 * is answered instead of a new one.
 */
export async function requestExport(deps: Deps, actor: Actor, now = Date.now()): Promise<AccountExportSummary> {
  const member = requireFullSession(actor);
  const latest = await latestExportOf(deps.db, member.userId);
  if (latest?.status === 'pending') return presentExport(latest, now);
  if (latest && now - latest.requested_at < EXPORT_EVERY_MS && latest.status === 'ready' && latest.downloaded_at === null) {
    throw new AppError('conflict', 'Your last export is ready: use the link we emailed you.');
  }
  const id = newId();
  const token = randomSecret();
  await transact(deps.db, async (trx) => {
    await insertExport(trx, { id, userId: member.userId, now, linkHash: hashSecret(token) });
    await deps.events.record(trx, member.userId, { type: 'account.export_requested', userId: member.userId, exportId: id });
  });
  await deps.ports.queue.enqueue({ type: ACCOUNT_EXPORT_JOB, payload: { exportId: id, token }, dedupeKey: `export:${id}`, maxAttempts: 6 });
  const row = await latestExportOf(deps.db, member.userId);
  if (!row) throw new AppError('internal');
  return presentExport(row, now);
}

export function exportDownloadLink(deps: Deps, id: string, token: string): string {
  const url = new URL('/download-data/file/', deps.config.publicUrl);
  url.searchParams.set('id', id);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * GET /download-data/file/?id&token: the mailed link is the authority, once, until it expires;
 * whoever holds it gets the file (as with a password reset link). A spent, expired or wrong link
 * is not found.
 */
export async function claimExportDownload(deps: Deps, actor: Actor, id: string, token: string, now = Date.now()): Promise<{ blobKey: string }> {
  anyone(actor);
  const row = await claimDownload(deps.db, id, hashSecret(token), now);
  if (!row?.blob_key) throw new AppError('not_found', 'This link is invalid or has expired.');
  return { blobKey: row.blob_key };
}
