import { z } from 'zod';
import type { Deps } from '../deps.ts';
import type { Mail } from '../ports/mail/mailer.ts';

/**
 * Mail for any area to send (auth's verification links, later notifications). It sits low, beside
 * the ports, so sending mail imports nothing of the job handlers' registry (src/server/jobs/).
 */
export const MAIL_SEND_JOB = 'mail.send';

const MailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  id: z.string().optional(),
});

/** Mail goes out from a job, so a slow or failing SMTP server delays it and retries, never fails a request. */
export async function enqueueMail(deps: Deps, mail: Mail, dedupeKey?: string): Promise<void> {
  await deps.ports.queue.enqueue({ type: MAIL_SEND_JOB, payload: mail, maxAttempts: 8, ...(dedupeKey ? { dedupeKey } : {}) });
}

export function sendMailJob(deps: Deps) {
  return async (payload: unknown) => {
    await deps.ports.mail.send(MailPayload.parse(payload));
  };
}
