import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../../../src/server/ports/mail/mailer.ts';
import { createOutboxMailer } from '../../../src/server/ports/mail/outbox.ts';
import { createSmtpMailer } from '../../../src/server/ports/mail/smtp.ts';
import { spawnScript } from './support/child.ts';
import { parseEml } from '../../support/eml.ts';
import { startTestSmtp } from '../../support/smtp.ts';
import { watchFolder } from './support/watch.ts';

const FROM = 'Corkboard <no-reply@corkboard.test>';

/** A mailer and a way to read what it delivered, oldest first. */
type MailFixture = { mailer: Mailer; delivered(): string[]; dispose(): Promise<void> };

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-mail-'));
const emlFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
        .toSorted()
    : [];

const kinds: { name: string; open(): Promise<MailFixture> }[] = [
  {
    name: 'outbox',
    open() {
      const dir = tempDir();
      const outbox = path.join(dir, 'outbox');
      return Promise.resolve({
        mailer: createOutboxMailer({ dir: outbox, from: FROM }),
        delivered: () => emlFiles(outbox).map((name) => fs.readFileSync(path.join(outbox, name), 'utf8')),
        dispose() {
          fs.rmSync(dir, { recursive: true, force: true });
          return Promise.resolve();
        },
      });
    },
  },
  {
    name: 'smtp',
    async open() {
      const server = await startTestSmtp();
      const mailer = createSmtpMailer({ url: server.url, from: FROM });
      return {
        mailer,
        delivered: () => server.messages,
        async dispose() {
          await mailer.close();
          await server.close();
        },
      };
    },
  },
];

const lf = (text: string | null) => text?.replace(/\r\n/g, '\n') ?? null;

describe.each(kinds)('Mailer: $name', (kind) => {
  let fixture: MailFixture;
  let mailer: Mailer;
  const last = () => parseEml(fixture.delivered().at(-1) ?? '');

  beforeAll(async () => {
    fixture = await kind.open();
    mailer = fixture.mailer;
  });
  afterAll(async () => {
    await fixture.dispose();
  });

  it('delivers an RFC 5322 message with its sender, recipient, subject and text', async () => {
    const link = `https://corkboard.test/verify?token=${'a1b2c3'.repeat(20)}`;
    const text = `Hi Zoë,\n\nConfirm your email: ${link}\n\nThe Corkboard team`;
    await mailer.send({ to: 'zoe@example.com', subject: 'Confirm your email, Zoë ✓', text });
    expect(fixture.delivered()).toHaveLength(1);
    const mail = last();
    expect(mail.headers.get('to')).toBe('zoe@example.com');
    expect(mail.headers.get('from')).toBe(FROM);
    expect(mail.headers.get('subject')).toBe('Confirm your email, Zoë ✓');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.headers.get('date')).toBeDefined();
    expect(lf(mail.text)).toBe(text);
    expect(mail.html).toBeNull();
  });

  it('sends html alongside the text', async () => {
    await mailer.send({ to: 'sam@example.com', subject: 'New pins', text: 'Plain version', html: '<h1>New pins</h1><p>For you</p>' });
    const mail = last();
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    expect(lf(mail.text)).toBe('Plain version');
    expect(mail.html).toBe('<h1>New pins</h1><p>For you</p>');
  });

  it('carries extra headers and the sender’s own message id', async () => {
    const link = 'https://corkboard.test/v3/notifications/unsubscribe/?token=abc.def';
    await mailer.send({
      to: 'ivy@example.com',
      subject: 'Updates',
      text: 'x',
      id: 'news-digest.42',
      headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const mail = last();
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${link}>`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('message-id')).toMatch(/^<news-digest\.42@.+>$/);
  });

  it('does not let a subject inject headers', async () => {
    await mailer.send({ to: 'sam@example.com', subject: 'Hello\r\nBcc: victim@example.com', text: 'x' });
    const mail = last();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.get('to')).toBe('sam@example.com');
  });

  it('answers ping', async () => {
    await expect(mailer.ping()).resolves.toBeUndefined();
  });
});

describe('Mailer: outbox files', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes one .eml file per message and no temporary files', async () => {
    const outbox = path.join(dir, 'plain');
    const mailer = createOutboxMailer({ dir: outbox, from: FROM });
    await mailer.send({ to: 'a@example.com', subject: 'One', text: '1' });
    await mailer.send({ to: 'b@example.com', subject: 'Two', text: '2' });
    expect(fs.readdirSync(outbox)).toHaveLength(2);
    expect(
      emlFiles(outbox)
        .map((name) => parseEml(fs.readFileSync(path.join(outbox, name), 'utf8')).headers.get('to'))
        .toSorted(),
    ).toEqual(['a@example.com', 'b@example.com']);
  });

  it.runIf(process.platform === 'linux')('never shows a message under its final name before it is complete', async () => {
    const outbox = path.join(dir, 'watched');
    const mailer = createOutboxMailer({ dir: outbox, from: FROM });
    await mailer.ping();
    const watch = watchFolder(outbox);
    try {
      await mailer.send({ to: 'a@example.com', subject: 'Big', text: 'x', html: `<p>${'pin '.repeat(500_000)}</p>` });
      await watch.settle();
    } finally {
      watch.close();
    }
    const [name] = emlFiles(outbox);
    expect(watch.events).toContainEqual({ type: 'rename', name });
    // The watcher does see writes: they happen under the temporary name.
    expect(watch.events.some((e) => e.type === 'change' && e.name !== name)).toBe(true);
    expect(watch.events.filter((e) => e.type === 'change' && e.name === name)).toEqual([]);
  });

  it('shows only complete messages after the sending process is killed', async () => {
    const outbox = path.join(dir, 'killed');
    const writer = spawnScript('./mail-writer.ts', [outbox]);
    try {
      await writer.waitForLines(3);
    } finally {
      await writer.kill();
    }
    const files = emlFiles(outbox);
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const name of files) {
      const mail = parseEml(fs.readFileSync(path.join(outbox, name), 'utf8'));
      expect(mail.html?.endsWith('<!--end-->')).toBe(true);
    }
  });
});
