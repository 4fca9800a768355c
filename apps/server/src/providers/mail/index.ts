import path from 'node:path';
import type { Mailer } from './types';
import { OutboxMailer } from './outbox/outbox-mailer';
import { SmtpMailer } from './smtp/smtp-mailer';

export type { Mailer, MailMessage } from './types';
export { codeMail, type CodeMailKind } from './templates';

/** SMTP when `smtpUrl` is set, otherwise the outbox in `<dataDir>/outbox`. */
export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string; log?: (m: string) => void }): Mailer {
  if (opts.smtpUrl) return new SmtpMailer(opts.smtpUrl, opts.from, opts.log);
  return new OutboxMailer(path.join(opts.dataDir, 'outbox'), opts.from, opts.log);
}
