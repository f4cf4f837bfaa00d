export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (List-Unsubscribe and the like). */
  headers?: Record<string, string>;
  /**
   * The mail's own id, made by its sender: the Message-ID's local part, and for the outbox the key
   * that writes a mail sent again (after a crash) once only. Letters, digits, dots and dashes.
   */
  id?: string;
};

/** Outgoing mail: an outbox folder of .eml files when embedded, SMTP when configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
