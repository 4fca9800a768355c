import type { PushConfig, PushDevice, SubscribePushBody } from '@coinlens/contracts/alerts/push';
import { AppError } from '../../platform/errors';
import { assertOutboundUrl, strictOutbound, type Outbound } from '../../platform/outbound';
import { pushServiceOf, type VapidConfig } from './alerts.push';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from './alerts.push.repository';

/**
 * Web Push subscriptions of signed-in users: the server's public key, subscribe
 * (upsert on the endpoint), unsubscribe, the device list with remove. Errors: 503
 * PUSH_NOT_CONFIGURED (subscribing without VAPID keys), 404 PUSH_SUBSCRIPTION_NOT_FOUND, 400
 * OUTBOUND_URL_NOT_ALLOWED / OUTBOUND_HOST_UNRESOLVED (an endpoint on an internal network, checked
 * by `outbound`, default the strict client).
 */
export class PushSubscriptionsService {
  constructor(private readonly d: { repo: PushSubscriptionsRepository; vapid: VapidConfig | null; now?: () => number; outbound?: Outbound }) {}

  private now(): number {
    return (this.d.now ?? Date.now)();
  }

  /** Whether push is on and the public key (never the private one). */
  config(): PushConfig {
    return this.d.vapid ? { enabled: true, public_key: this.d.vapid.publicKey, reason: null } : { enabled: false, public_key: null, reason: 'not_configured' };
  }

  private static toDevice(r: PushSubscriptionRow): PushDevice {
    return { id: Number(r.id), endpoint: r.endpoint, push_service: pushServiceOf(r.endpoint), user_agent: r.user_agent, created_at: new Date(Number(r.created_at)).toISOString() };
  }

  async list(userId: number): Promise<PushDevice[]> {
    return (await this.d.repo.list(userId)).map(PushSubscriptionsService.toDevice);
  }

  /**
   * Stores the browser's subscription for the user; `userAgent` (the request's, ≤ 300 characters)
   * names the device. The endpoint must reach a public address (resolved now, checked again on
   * every push): 400 OUTBOUND_URL_NOT_ALLOWED / OUTBOUND_HOST_UNRESOLVED naming `body.endpoint`.
   */
  async subscribe(userId: number, body: SubscribePushBody, userAgent: string | undefined): Promise<PushDevice> {
    if (!this.d.vapid) throw new AppError('PUSH_NOT_CONFIGURED', 'Web Push is not configured on this server');
    await assertOutboundUrl(this.d.outbound ?? strictOutbound(), body.endpoint, 'body.endpoint');
    const row = await this.d.repo.upsert(userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, userAgent: userAgent ? userAgent.slice(0, 300) : null }, this.now());
    return PushSubscriptionsService.toDevice(row);
  }

  /** Removes the user's subscription by id or endpoint. 404 PUSH_SUBSCRIPTION_NOT_FOUND. */
  async remove(userId: number, by: { id: number } | { endpoint: string }): Promise<boolean> {
    if (!(await this.d.repo.remove(userId, by))) throw new AppError('PUSH_SUBSCRIPTION_NOT_FOUND', 'No such push subscription');
    return true;
  }
}
