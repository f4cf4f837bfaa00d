import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import { writeFileDurably } from '../durable-file.ts';
import { messageOf } from './compose.ts';
import type { Mail, Mailer } from './mailer.ts';

export type OutboxSettings = { dir: string; from: string };

/**
 * Mail as RFC 5322 .eml files in a folder, for an instance with no mail server: an operator (or a
 * test) reads them, or a relay picks them up. Each file appears complete or not at all; names sort
 * by time, and unfinished writes are dot-files that readers skip.
 */
export function createOutboxMailer(settings: OutboxSettings): Mailer {
  // Nodemailer composes the message (headers, encodings, multipart) without sending it anywhere.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const dir = path.resolve(settings.dir);

  return {
    async send(mail: Mail) {
      // A mail with an id is written once: sent again after a crash, it finds its file there.
      const own = mail.id === undefined ? null : `-${mail.id.replace(/[^\w.-]/g, '_')}.eml`;
      if (own && (await listing(dir)).some((name) => name.endsWith(own))) return;
      const info = await composer.sendMail(messageOf(mail, settings.from));
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail composer returned no buffer');
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFileDurably(path.join(dir, `${stamp}${own ?? `-${randomBytes(6).toString('hex')}.eml`}`), info.message);
    },
    async ping() {
      await fsp.mkdir(dir, { recursive: true });
      await fsp.access(dir, fsp.constants.W_OK);
    },
    close() {
      composer.close();
      return Promise.resolve();
    },
  };
}

async function listing(dir: string): Promise<string[]> {
  try {
    return await fsp.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
