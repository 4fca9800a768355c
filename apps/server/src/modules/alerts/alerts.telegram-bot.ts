import { Bot, GrammyError, HttpError, type Api, type Context } from 'grammy';
import type { Update } from 'grammy/types';
import type { AlertsRepository } from './alerts.repository';
import { pick, type Bi } from './alerts.messages';
import { hashLinkToken } from './alerts.telegram';

/** grammY's Node build types its signals with the `abort-controller` shim; a native AbortSignal works at run time. */
export function grammySignal(signal: AbortSignal | undefined): Parameters<Api['getUpdates']>[1] {
  return signal as unknown as Parameters<Api['getUpdates']>[1];
}

/** What the bot answers, in both languages. */
const REPLY = {
  linked: {
    en: 'Linked. Your Coinlens alerts will arrive in this chat.\nSend /stop to unlink.',
    zh: '已关联。你的 Coinlens 提醒将发送到此对话。\n发送 /stop 可取消关联。',
  },
  expired: {
    en: 'Sorry, this link has expired or was already used. Open Coinlens → Alerts → Connect Telegram to get a new one (it is valid for 15 minutes).',
    zh: '抱歉，此链接已过期或已被使用。请在 Coinlens →「提醒」→「连接 Telegram」获取新链接（15 分钟内有效）。',
  },
  hello: {
    en: 'This is the Coinlens alerts bot. To receive your alerts here, open Coinlens → Alerts → Connect Telegram.',
    zh: '这是 Coinlens 提醒机器人。要在这里接收提醒，请打开 Coinlens →「提醒」→「连接 Telegram」。',
  },
  privateOnly: {
    en: 'Please open the link in a private chat with this bot.',
    zh: '请在与本机器人的私聊中打开链接。',
  },
  stopped: { en: 'Unlinked. Coinlens alerts will no longer be sent here.', zh: '已取消关联。Coinlens 提醒将不再发送到这里。' },
  notLinked: { en: 'This chat is not linked to a Coinlens account.', zh: '此对话未关联任何 Coinlens 账户。' },
} satisfies Record<string, Bi>;

/** Options of the {@link TelegramBot}. */
export interface TelegramBotOptions {
  token: string;
  /** Bot API root, e.g. https://api.telegram.org or a local stand-in. */
  apiRoot: string;
  repo: AlertsRepository;
  /** Seconds one `getUpdates` long poll waits (0 = short polls, {@link idleMs} apart). */
  pollTimeoutS?: number;
  /** Pause (ms) between short polls and after a failed poll. */
  idleMs?: number;
  /** Takes the poller's lock (one poller per bot: Telegram answers 409 to a second one); retried every `lockRetryMs`. */
  tryLock?: () => Promise<boolean>;
  lockRetryMs?: number;
  now?: () => number;
  log?: (m: string) => void;
}

/**
 * The worker side of the Telegram channel, built on grammY: receives updates by long polling
 * `getUpdates` (decision 085; one poller per deployment under an advisory lock) and handles
 * `/start <token>` (links the private chat to the token's user and confirms in the user's language;
 * an unknown, used or expired token gets a polite answer in the Telegram client's language) and
 * `/stop` (unlinks the chat). `api` sends the alerts (the dispatcher's `sendMessage`). Never logs
 * the token: grammY's errors name the method, not the URL.
 */
export class TelegramBot {
  readonly bot: Bot;
  private offset = 0;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private abort: AbortController | null = null;
  private initialised = false;
  private readonly log: (m: string) => void;

  constructor(private readonly o: TelegramBotOptions) {
    this.log = o.log ?? (() => undefined);
    this.bot = new Bot(o.token, { client: { apiRoot: o.apiRoot.replace(/\/$/, ''), timeoutSeconds: Math.max(30, (o.pollTimeoutS ?? 25) + 10) } });
    this.bot.command('start', (ctx) => this.onStart(ctx));
    this.bot.command('stop', (ctx) => this.onStop(ctx));
    this.bot.on('message:text', (ctx) => (ctx.chat.type === 'private' ? ctx.reply(pick(REPLY.hello, ctx.from?.language_code ?? 'en')) : undefined));
    this.bot.catch((e) => this.log(`telegram: update ${e.ctx.update.update_id}: ${e.error instanceof Error ? e.error.message : String(e.error)}`));
  }

  /** The Bot API client (methods such as `sendMessage`), with the configured root. */
  get api(): Api {
    return this.bot.api;
  }

  private now(): number {
    return (this.o.now ?? Date.now)();
  }

  private async onStart(ctx: Context): Promise<void> {
    const lang = ctx.from?.language_code ?? 'en';
    if (ctx.chat?.type !== 'private') {
      await ctx.reply(pick(REPLY.privateOnly, lang));
      return;
    }
    const token = String(ctx.match ?? '').trim();
    if (!token) {
      await ctx.reply(pick(REPLY.hello, lang));
      return;
    }
    const user = /^[A-Za-z0-9_-]{1,64}$/.test(token) ? await this.o.repo.linkTelegram(hashLinkToken(token), String(ctx.chat.id), ctx.from?.username ?? null, this.now()) : null;
    if (!user) {
      await ctx.reply(pick(REPLY.expired, lang));
      return;
    }
    this.log(`telegram: linked a chat to user ${user.userId}`);
    await ctx.reply(pick(REPLY.linked, user.language));
  }

  private async onStop(ctx: Context): Promise<void> {
    if (!ctx.chat) return;
    const langs = await this.o.repo.unlinkTelegramChat(String(ctx.chat.id));
    await ctx.reply(langs.length ? pick(REPLY.stopped, langs[0]) : pick(REPLY.notLinked, ctx.from?.language_code ?? 'en'));
  }

  /** Handles one update (tests and the poll loop). Fetches the bot's identity (`getMe`) first if needed. */
  async handleUpdate(update: Update): Promise<void> {
    await this.init();
    await this.bot.handleUpdate(update);
  }

  private async init(): Promise<void> {
    if (this.initialised) return;
    await this.bot.init();
    this.initialised = true;
  }

  /**
   * One `getUpdates` call (offset = after the last handled update, `timeout` = the long poll) and
   * the handling of what it returned, in order. Returns the number of updates handled. Throws the
   * Bot API's error (GrammyError, HttpError).
   */
  async pollOnce(timeoutS = 0, signal?: AbortSignal): Promise<number> {
    await this.init();
    const updates = await this.bot.api.getUpdates({ offset: this.offset, timeout: timeoutS, allowed_updates: ['message'] }, grammySignal(signal));
    for (const u of updates) {
      this.offset = u.update_id + 1;
      await this.bot.handleUpdate(u).catch((e) => this.log(`telegram: update ${u.update_id}: ${e instanceof Error ? e.message : String(e)}`));
    }
    return updates.length;
  }

  /**
   * Starts the poll loop in the background: waits for the lock, removes any webhook (getUpdates is
   * refused while one is set), then long-polls until {@link stop}. Failures are logged and retried
   * after `idleMs` (a 401 — a revoked token — after a minute).
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  private wakeSleep: (() => void) | null = null;

  /** Waits `ms`, or less when {@link stop} is called. */
  private sleep(ms: number): Promise<void> {
    return new Promise((r) => {
      const t = setTimeout(() => {
        this.wakeSleep = null;
        r();
      }, ms);
      this.wakeSleep = () => {
        clearTimeout(t);
        this.wakeSleep = null;
        r();
      };
    });
  }

  private async run(): Promise<void> {
    const idle = this.o.idleMs ?? 2000;
    while (!this.stopped && this.o.tryLock && !(await this.o.tryLock().catch(() => false))) await this.sleep(this.o.lockRetryMs ?? 30_000);
    let ready = false;
    while (!this.stopped) {
      this.abort = new AbortController();
      try {
        if (!ready) {
          await this.init();
          await this.bot.api.deleteWebhook({ drop_pending_updates: false }, grammySignal(this.abort.signal));
          ready = true;
          this.log(`telegram: polling for updates as @${this.bot.botInfo.username}`);
        }
        const timeout = this.o.pollTimeoutS ?? 25;
        await this.pollOnce(timeout, this.abort.signal);
        if (timeout === 0) await this.sleep(idle);
      } catch (e) {
        if (this.stopped) break;
        const code = e instanceof GrammyError ? e.error_code : null;
        this.log(`telegram: polling: ${e instanceof GrammyError ? `${e.error_code} ${e.description}` : e instanceof HttpError ? 'network error' : e instanceof Error ? e.message : String(e)}`);
        await this.sleep(code === 401 || code === 404 ? 60_000 : code === 409 ? 5_000 : idle);
      }
    }
  }

  /** Stops polling (aborts the long poll in flight) and waits for the loop to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.abort?.abort();
    this.wakeSleep?.();
    await this.loop?.catch(() => undefined);
    this.loop = null;
  }
}
