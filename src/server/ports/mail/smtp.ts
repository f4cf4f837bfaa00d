import { createTransport } from 'nodemailer';
import { messageOf } from './compose.ts';
import type { Mail, Mailer } from './mailer.ts';

export type SmtpSettings = { url: string; from: string };

/** Mail through an SMTP server given as smtp(s)://user:pass@host:port. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  const transport = createTransport(settings.url);
  return {
    async send(mail: Mail) {
      await transport.sendMail(messageOf(mail, settings.from));
    },
    async ping() {
      await transport.verify();
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}
