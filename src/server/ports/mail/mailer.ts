export type Mail = { to: string; subject: string; text: string; html?: string };

/** Outgoing mail: an outbox folder of .eml files when embedded, SMTP when configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
