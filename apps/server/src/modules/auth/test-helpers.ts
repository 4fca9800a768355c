/**
 * Helpers of the accounts integration tests: an in-process SMTP server (smtp-server) that keeps
 * every delivered message, and request shorthands. Not imported by product code.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface DeliveredMail {
  to: string[];
  raw: string;
}

/** Starts an SMTP server on 127.0.0.1 (no TLS, no auth) collecting mails; `url` is for SMTP_URL. */
export async function startSmtp(): Promise<{ url: string; mails: DeliveredMail[]; close: () => Promise<void> }> {
  const mails: DeliveredMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The raw message with quoted-printable soft breaks and escapes decoded (good enough for assertions). */
export function decodedMail(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return bytes;
}

/** Waits until a mail to `to` arrives after `since` mails, and returns the 6-digit code in it. */
export async function codeFromMail(mails: DeliveredMail[], to: string, since = 0, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mails.slice(since).reverse().find((m) => m.to.includes(to));
    if (mail) {
      const m = /^\s{4}(\d{6})\s*$/m.exec(decodedMail(mail.raw));
      if (!m) throw new Error(`no code in mail:\n${mail.raw}`);
      return m[1];
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** JSON request shorthand returning status and parsed body. */
export function api(app: FastifyInstance, ip = '10.0.0.1') {
  return async (method: 'GET' | 'POST' | 'PATCH', url: string, opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) => {
    const r = await app.inject({
      method,
      url,
      payload: opts.body as any,
      headers: { 'x-forwarded-for': ip, ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
    let body: any;
    try {
      body = r.json();
    } catch {
      body = r.body;
    }
    return { status: r.statusCode, body, headers: r.headers };
  };
}

/** A random private test IP so rate limits of one test (and one run, with Redis) never meet another's. */
export function randomIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}
