/**
 * Run by the mail contract test as a separate process that it kills with SIGKILL: sends large
 * messages into an outbox one after another, printing a line after each.
 * Argument: the outbox folder.
 */
import { createOutboxMailer } from '../../../../src/server/ports/mail/outbox.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: mail-writer.ts <dir>');
const mailer = createOutboxMailer({ dir, from: 'Corkboard <no-reply@example.com>' });

for (let i = 0; ; i++) {
  const html = `<p>${'Fresh pins for you. '.repeat(50_000 + i)}</p><!--end-->`;
  await mailer.send({ to: 'reader@example.com', subject: `Digest ${String(i)}`, text: 'Your digest', html });
  process.stdout.write(`sent ${String(i)}\n`);
}
