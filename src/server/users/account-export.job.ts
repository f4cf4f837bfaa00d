import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { Deps } from '../deps.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import {
  exportBoards,
  exportFollows,
  exportMedia,
  exportPins,
  exportProfile,
  exportSaves,
  exportSections,
  exportSettings,
  findExport,
  markExportReady,
} from './account-export.repo.ts';
import { EXPORT_LINK_TTL_MS, ExportJob, exportDownloadLink } from './account-export.service.ts';

type Original = { name: string; key: string };

/** The file a media row's original is kept in: the `orig` size of a picture, the MP4 of a video. */
function originalOf(media: { id: string; images: string | null; videos: string | null }): Original | null {
  const images = media.images ? (JSON.parse(media.images) as Record<string, { key: string }>) : null;
  const videos = media.videos ? (JSON.parse(media.videos) as Record<string, { key: string }>) : null;
  const key = images?.['orig']?.key ?? videos?.['V_720P']?.key;
  if (!key) return null;
  const extension = key.includes('.') ? key.slice(key.lastIndexOf('.')) : '';
  return { name: `media/${media.id}${extension}`, key };
}

function json(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, (_k, v: unknown) => (v instanceof Uint8Array ? undefined : v), 2)}\n`);
}

/** The member's data as one ZIP stream: a JSON file per kind of thing, and their media originals. */
async function buildZip(deps: Deps, userId: string): Promise<Readable> {
  const db = deps.db;
  const [profile, settings, boards, sections, pins, saves, follows, media] = await Promise.all([
    exportProfile(db, userId),
    exportSettings(db, userId),
    exportBoards(db, userId),
    exportSections(db, userId),
    exportPins(db, userId),
    exportSaves(db, userId),
    exportFollows(db, userId),
    exportMedia(db, userId),
  ]);
  const zip = new yazl.ZipFile();
  const files = { profile, settings, boards, sections, pins, saves, follows };
  for (const [name, value] of Object.entries(files)) zip.addBuffer(json(value), `${name}.json`);
  const originals = media.map(originalOf).filter((o): o is Original => o !== null);
  zip.addBuffer(json(media.map(({ id, kind, status, source_type, created_at }) => ({ id, kind, status, source_type, created_at }))), 'media.json');
  for (const original of originals) {
    // Opened one at a time, as the archive reaches each: a member with thousands of files holds one open.
    zip.addReadStreamLazy(original.name, (done) => {
      deps.ports.blobs.get(original.key).then(
        (blob) => {
          if (blob) done(null, blob.body);
          else done(new Error(`missing media file ${original.key}`), Readable.from([]));
        },
        (error: unknown) => {
          done(error, Readable.from([]));
        },
      );
    });
  }
  zip.end();
  // yazl's output is a PassThrough of its own copy of the stream module; wrapped, it is one of ours.
  return Readable.from(zip.outputStream);
}

/**
 * Builds the export, stores it through the blob store, marks it ready and mails its link. Run
 * again after a crash it finishes the same export: the file is written again under the same key,
 * and a ready export only has its mail enqueued again (the same link, deduplicated while queued).
 */
export async function buildExport(deps: Deps, exportId: string, token: string, now = Date.now()): Promise<void> {
  const row = await findExport(deps.db, exportId);
  if (!row || row.status === 'failed') return;
  if (row.status === 'pending') {
    const blobKey = `export/${row.user_id}/${row.id}.zip`;
    const info = await deps.ports.blobs.put(blobKey, await buildZip(deps, row.user_id), 'application/zip');
    await markExportReady(deps.db, row.id, { blobKey, byteSize: info.size, now, expiresAt: now + EXPORT_LINK_TTL_MS });
  }
  const user = await exportProfile(deps.db, row.user_id);
  if (!user || row.downloaded_at !== null) return;
  await enqueueMail(
    deps,
    {
      to: user.email,
      subject: 'Your Corkboard data is ready to download',
      text: [
        'You asked for a copy of your Corkboard data. It is ready:',
        '',
        exportDownloadLink(deps, row.id, token),
        '',
        'The link works once and expires in 7 days. It holds your profile, boards, sections, pins, saves,',
        'follows and settings as JSON files, and the original files of your pictures and videos.',
        'If you did not ask for this, change your password: someone may be signed in as you.',
      ].join('\n'),
    },
    `export-mail:${row.id}`,
  );
}

export function accountExportJob(deps: Deps) {
  return async (payload: unknown) => {
    const { exportId, token } = ExportJob.parse(payload);
    await buildExport(deps, exportId, token);
  };
}
