/** One outgoing e-mail: plain text plus a simple HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail. Two implementations: `outbox` (the embedded default: RFC 822 `.eml` files in
 * DATA_DIR/outbox plus a log line without the secret) and `smtp` (nodemailer over `SMTP_URL`).
 * `send` rejects when the message could not be handed over.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  /** `logHint` is what the log may say about the mail (never the code). */
  send(message: MailMessage, logHint?: string): Promise<void>;
  close(): Promise<void>;
}
