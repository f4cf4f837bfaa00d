import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = { url: string; messages: string[]; recipients: string[][]; close(): Promise<void> };

/** An SMTP server in this process on a random port that keeps every message it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: string[] = [];
  const recipients: string[][] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no account to log in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        recipients.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    messages,
    recipients,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(resolve);
      }),
  };
}
