import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../types';

/**
 * The embedded default mailer: nodemailer's stream transport (`buffer: true`) builds the RFC 822
 * message, which is written to `<dir>/<time>-<random>.eml` (readable by any mail client); one log
 * line names the recipient and the kind of mail, never the code. Lets sign-up work offline.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (msg: string) => void = () => undefined,
  ) {}

  async send(message: MailMessage, logHint = 'mail'): Promise<void> {
    const info = await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${crypto.randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.log(`outbox: ${logHint} for ${message.to} written to ${file}`);
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
