import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted through `sendMessage`. */
export interface SentMessage {
  chat_id: string;
  text: string;
  parse_mode: string | null;
  message_id: number;
}

/** An error the stand-in answers instead of the next call(s) of a method, in Telegram's envelope. */
export interface InjectedError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** Tags Telegram's HTML parse mode accepts (https://core.telegram.org/bots/api#html-style). */
const ALLOWED_TAG = /<\/?(?:b|strong|i|em|u|ins|s|strike|del|code|pre|tg-spoiler|blockquote|span(?:\s+class="tg-spoiler")?|a(?:\s+href="[^"<>]*")?)>/g;

/**
 * Whether `text` parses in Telegram's HTML mode: only the supported tags, and `<`, `>`, `&` only
 * as the entities `&lt; &gt; &amp; &quot;` or numeric ones. Telegram answers 400 "can't parse
 * entities" otherwise; the stand-in does the same so that missing escaping fails the tests.
 */
export function parsesAsTelegramHtml(text: string): boolean {
  const stripped = text.replace(ALLOWED_TAG, '');
  if (/[<>]/.test(stripped)) return false;
  return !/&(?!(?:lt|gt|amp|quot|#\d+|#x[0-9a-f]+);)/i.test(stripped);
}

/**
 * A local Telegram Bot API stand-in speaking the real wire format (node:http): `POST|GET
 * /bot<token>/<method>` with JSON, form or query parameters, answered with Telegram's envelope
 * `{ok: true, result}` or `{ok: false, error_code, description, parameters?}` and the HTTP status
 * of the error code. Implements getMe, getUpdates (offset confirms; `timeout` long-polls until an
 * update arrives), setWebhook, deleteWebhook, sendMessage (HTML checked like Telegram; chats in
 * `blocked` answer 403 "bot was blocked by the user"). A wrong token answers 401.
 *
 * Tests drive it directly ({@link TelegramStandIn.pushStart}, {@link TelegramStandIn.failNext}) or,
 * from another process (Playwright), over HTTP: `POST /__stand-in/start` `{chat_id, text,
 * username?, language_code?}`, `GET /__stand-in/messages`, `POST /__stand-in/block` `{chat_id}`.
 */
export class TelegramStandIn {
  readonly messages: SentMessage[] = [];
  /** Every method call in order (method name and parameters). */
  readonly calls: { method: string; params: Record<string, unknown> }[] = [];
  readonly blocked = new Set<string>();
  private updates: { update_id: number; message: Record<string, unknown> }[] = [];
  private nextUpdateId = 100_000;
  private nextMessageId = 1;
  private readonly failures = new Map<string, InjectedError[]>();
  private waiters: (() => void)[] = [];
  webhookUrl = '';
  private server: http.Server | null = null;
  url = '';

  constructor(
    readonly token = '123456789:TEST-stand-in-token_abcdefghijklmnop',
    readonly bot = { id: 123456789, username: 'coinlens_test_bot', first_name: 'Coinlens Test' },
  ) {}

  /** Listens on 127.0.0.1 (port 0 = any free port); `url` is then the API root to configure. */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const w of this.waiters.splice(0)) w();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server?.closeAllConnections?.();
  }

  /** The next `n` calls of `method` answer `err` (e.g. 429 with `retry_after`). */
  failNext(method: string, err: InjectedError, n = 1): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), ...Array.from({ length: n }, () => err)]);
  }

  /** Queues a private-chat text message as a user would send it (a leading `/command` carries its bot_command entity). Returns the update id. */
  pushMessage(chatId: number | string, text: string, from: { username?: string; language_code?: string; first_name?: string } = {}): number {
    const id = Number(chatId);
    const cmd = /^\/\w+/.exec(text);
    const update_id = this.nextUpdateId++;
    this.updates.push({
      update_id,
      message: {
        message_id: this.nextMessageId++,
        date: Math.floor(Date.now() / 1000),
        chat: { id, type: 'private', first_name: from.first_name ?? 'Test', ...(from.username ? { username: from.username } : {}) },
        from: { id, is_bot: false, first_name: from.first_name ?? 'Test', ...(from.username ? { username: from.username } : {}), language_code: from.language_code ?? 'en' },
        text,
        ...(cmd ? { entities: [{ type: 'bot_command', offset: 0, length: cmd[0].length }] } : {}),
      },
    });
    for (const w of this.waiters.splice(0)) w();
    return update_id;
  }

  /** The user pressed Start on `https://t.me/<bot>?start=<token>`: Telegram sends `/start <token>`. */
  pushStart(chatId: number | string, token: string, from: { username?: string; language_code?: string } = {}): number {
    return this.pushMessage(chatId, `/start ${token}`, from);
  }

  /** Messages sent to `chatId`. */
  messagesTo(chatId: number | string): SentMessage[] {
    return this.messages.filter((m) => m.chat_id === String(chatId));
  }

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }

  private fail(res: http.ServerResponse, e: InjectedError): void {
    this.send(res, e.error_code, { ok: false, error_code: e.error_code, description: e.description, ...(e.parameters ? { parameters: e.parameters } : {}) });
  }

  private async params(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const out: Record<string, unknown> = Object.fromEntries(url.searchParams);
    const type = String(req.headers['content-type'] ?? '');
    if (raw && type.includes('json')) Object.assign(out, JSON.parse(raw));
    else if (raw && type.includes('x-www-form-urlencoded')) Object.assign(out, Object.fromEntries(new URLSearchParams(raw)));
    return out;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    try {
      const p = await this.params(req, url);
      if (url.pathname.startsWith('/__stand-in/')) return this.control(url.pathname.slice('/__stand-in/'.length), p, res);
      const m = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!m) return this.fail(res, { error_code: 404, description: 'Not Found' });
      if (m[1] !== this.token) return this.fail(res, { error_code: 401, description: 'Unauthorized' });
      const method = m[2];
      this.calls.push({ method, params: p });
      const injected = this.failures.get(method)?.shift();
      if (injected) return this.fail(res, injected);
      switch (method) {
        case 'getMe':
          return this.send(res, 200, { ok: true, result: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name, username: this.bot.username, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false } });
        case 'setWebhook':
          this.webhookUrl = String(p.url ?? '');
          return this.send(res, 200, { ok: true, result: true, description: 'Webhook was set' });
        case 'deleteWebhook':
          this.webhookUrl = '';
          return this.send(res, 200, { ok: true, result: true, description: 'Webhook is already deleted' });
        case 'getUpdates':
          return this.getUpdates(p, res);
        case 'sendMessage':
          return this.sendMessage(p, res);
        default:
          return this.fail(res, { error_code: 404, description: 'Not Found: method not found' });
      }
    } catch (e) {
      return this.fail(res, { error_code: 400, description: `Bad Request: ${(e as Error).message}` });
    }
  }

  private async getUpdates(p: Record<string, unknown>, res: http.ServerResponse): Promise<void> {
    if (this.webhookUrl) return this.fail(res, { error_code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first" });
    const offset = Number(p.offset ?? 0);
    if (offset) this.updates = this.updates.filter((u) => u.update_id >= offset);
    const timeout = Math.min(50, Number(p.timeout ?? 0));
    if (!this.updates.length && timeout > 0) {
      await new Promise<void>((r) => {
        const t = setTimeout(r, timeout * 1000);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
        res.on('close', () => clearTimeout(t));
      });
    }
    const limit = Math.max(1, Math.min(100, Number(p.limit ?? 100)));
    this.send(res, 200, { ok: true, result: this.updates.slice(0, limit) });
  }

  private sendMessage(p: Record<string, unknown>, res: http.ServerResponse): void {
    const chatId = String(p.chat_id ?? '');
    const text = String(p.text ?? '');
    if (!chatId) return this.fail(res, { error_code: 400, description: 'Bad Request: chat_id is empty' });
    if (!text.trim()) return this.fail(res, { error_code: 400, description: 'Bad Request: message text is empty' });
    if (text.length > 4096 + 2000) return this.fail(res, { error_code: 400, description: 'Bad Request: message is too long' });
    const mode = p.parse_mode ? String(p.parse_mode) : null;
    if (mode === 'HTML' && !parsesAsTelegramHtml(text)) return this.fail(res, { error_code: 400, description: "Bad Request: can't parse entities: Unsupported start tag" });
    if (this.blocked.has(chatId)) return this.fail(res, { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const message_id = this.nextMessageId++;
    this.messages.push({ chat_id: chatId, text, parse_mode: mode, message_id });
    this.send(res, 200, { ok: true, result: { message_id, date: Math.floor(Date.now() / 1000), chat: { id: Number(chatId), type: 'private' }, from: { id: this.bot.id, is_bot: true, first_name: this.bot.first_name, username: this.bot.username }, text } });
  }

  private control(action: string, p: Record<string, unknown>, res: http.ServerResponse): void {
    if (action === 'start') return this.send(res, 200, { update_id: this.pushMessage(String(p.chat_id), String(p.text), { username: p.username as string | undefined, language_code: p.language_code as string | undefined }) });
    if (action === 'messages') return this.send(res, 200, { messages: this.messages });
    if (action === 'block') {
      this.blocked.add(String(p.chat_id));
      return this.send(res, 200, { ok: true });
    }
    return this.send(res, 404, { ok: false });
  }
}
