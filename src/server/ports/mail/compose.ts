import type { Mail } from './mailer.ts';

/** Nodemailer's message fields for a Mail, from the configured sender. */
export function messageOf(mail: Mail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    ...(mail.headers === undefined ? {} : { headers: mail.headers }),
    ...(mail.id === undefined ? {} : { messageId: `<${mail.id}@${domainOf(from)}>` }),
  };
}

function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}
