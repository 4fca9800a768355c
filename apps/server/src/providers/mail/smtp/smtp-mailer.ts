import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../types';

/** Mail over SMTP with nodemailer (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example:465`). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;
  constructor(
    url: string,
    private readonly from: string,
    private readonly log: (msg: string) => void = () => undefined,
    transportOptions: Record<string, unknown> = {},
  ) {
    this.transport = nodemailer.createTransport({ url, ...transportOptions } as any);
  }

  async send(message: MailMessage, logHint = 'mail'): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    this.log(`smtp: ${logHint} sent to ${message.to}`);
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
