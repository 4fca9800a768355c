import crypto from 'node:crypto';
import type { TelegramLink, WebhookDelivery } from '@coinlens/contracts/alerts/rules';
import { AppError } from '../../platform/errors';
import type { Env } from '../../platform/env';
import type { AlertsRepository, DeliveryWithAttempts } from './alerts.repository';
import { escapeTelegramHtml, pick } from './alerts.messages';
import { newMessageId } from './alerts.service';

/** How long a link token is valid (ms): 15 minutes. */
export const TELEGRAM_LINK_TTL_MS = 15 * 60_000;

/**
 * Whether Telegram alerts are on: a bot (token and name) and `TELEGRAM_ALERTS` not false. Off with
 * the reason `not_configured` (no bot) or `disabled` (the bot serves sign-in only).
 */
export function telegramChannel(env: Pick<Env, 'TELEGRAM_BOT_TOKEN' | 'TELEGRAM_BOT_NAME'> & { TELEGRAM_ALERTS?: boolean }): { enabled: boolean; reason: string | null } {
  if (!env.TELEGRAM_BOT_TOKEN || !env.TELEGRAM_BOT_NAME) return { enabled: false, reason: 'not_configured' };
  return env.TELEGRAM_ALERTS === false ? { enabled: false, reason: 'disabled' } : { enabled: true, reason: null };
}

/** SHA-256 (hex) of a link token: what `telegram_link_tokens.token` stores, so a database read cannot link a chat. */
export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new link token: 128 random bits as base64url (22 characters, within Telegram's `start` parameter alphabet `[A-Za-z0-9_-]{1,64}`). */
export function newLinkToken(): string {
  return crypto.randomBytes(16).toString('base64url');
}

const iso = (t: number) => new Date(Number(t)).toISOString();

/** A delivery with its attempts as the delivery log of the contracts shows it. */
export function toDeliveryLog(d: DeliveryWithAttempts): WebhookDelivery {
  return {
    id: d.id,
    message_id: d.message_id,
    event_type: String((d.payload as { type?: unknown }).type ?? 'alert.fired'),
    status: d.status,
    attempts: d.attempts_log.map((a) => ({ attempt: a.attempt, at: iso(a.at), ok: a.ok, status_code: a.status_code, error: a.error, duration_ms: Number(a.duration_ms) })),
    next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
    created_at: iso(d.created_at),
  };
}

/**
 * The API side of the Telegram channel (any process): the caller's link, one-time link tokens
 * (`https://t.me/<bot>?start=<token>`, valid {@link TELEGRAM_LINK_TTL_MS}), unlinking, a test
 * message through the outbox and the delivery log. The worker's {@link TelegramBot} consumes the
 * tokens. Errors: 503 TELEGRAM_NOT_CONFIGURED without a bot, 409 TELEGRAM_NOT_LINKED for a test
 * without a linked chat.
 */
export class TelegramService {
  constructor(
    private readonly d: {
      repo: AlertsRepository;
      botName: string | null;
      enabled: boolean;
      /** Why the channel is off (`not_configured`, `disabled`). */
      reason?: string | null;
      now?: () => number;
      /** Wakes the dispatcher of this process (a test message goes out at once). */
      wake?: () => void;
    },
  ) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  private requireBot(): string {
    if (!this.d.enabled || !this.d.botName) throw new AppError('TELEGRAM_NOT_CONFIGURED', 'This server has no Telegram bot');
    return this.d.botName;
  }

  /** The channel's state for the caller: configured or not (reason), the bot's name, the linked chat. */
  async status(userId: number): Promise<TelegramLink> {
    if (!this.d.enabled) return { enabled: false, reason: this.d.reason ?? 'not_configured', bot_name: null, linked: null };
    const link = (await this.d.repo.telegramLinksOf([userId])).get(userId);
    return { enabled: true, reason: null, bot_name: this.d.botName, linked: link ? { username: link.username, linked_at: iso(link.linked_at) } : null };
  }

  /** A new one-time link token and its deep link; replaces the caller's earlier token. */
  async createToken(userId: number): Promise<{ token: string; url: string; expires_at: string }> {
    const bot = this.requireBot();
    const token = newLinkToken();
    const now = this.now();
    const expiresAt = now + TELEGRAM_LINK_TTL_MS;
    await this.d.repo.putTelegramLinkToken(userId, hashLinkToken(token), expiresAt, now);
    return { token, url: `https://t.me/${bot}?start=${token}`, expires_at: iso(expiresAt) };
  }

  /** Unlinks the caller's chat; false when none was linked. */
  async unlink(userId: number): Promise<boolean> {
    this.requireBot();
    return this.d.repo.unlinkTelegram(userId);
  }

  /** Queues a test message to the linked chat (through the outbox, logged like any delivery). */
  async test(userId: number): Promise<{ delivery_id: number; message_id: string }> {
    this.requireBot();
    const language = (await this.d.repo.users([userId])).get(userId)?.language ?? 'en_US';
    if (!(await this.d.repo.telegramLinksOf([userId])).has(userId)) throw new AppError('TELEGRAM_NOT_LINKED', 'Link a Telegram chat first');
    const messageId = newMessageId();
    const text = pick(
      {
        en: `<b>${escapeTelegramHtml('Coinlens test message')}</b>\nIf you can read this, alerts will reach this chat.`,
        zh: `<b>Coinlens 测试消息</b>\n能看到这条消息，说明提醒可以送达此对话。`,
      },
      language,
    );
    const deliveryId = await this.d.repo.insertDelivery(userId, { channel: 'telegram', endpointId: null, messageId, payload: { type: 'alert.test', text } }, this.now());
    this.d.wake?.();
    return { delivery_id: deliveryId, message_id: messageId };
  }

  /** The caller's latest Telegram deliveries (newest first, 20) with every attempt. */
  async deliveries(userId: number): Promise<WebhookDelivery[]> {
    this.requireBot();
    return (await this.d.repo.deliveriesOfChannel(userId, 'telegram', 20)).map(toDeliveryLog);
  }
}
