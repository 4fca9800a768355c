import { z } from 'zod';
import { BEARER, DELETE, endpoint, GET, POST } from '../api/endpoint';
import { ErrorResponse, resultOf } from '../common/envelope';

/**
 * Web Push: the server's VAPID public key and the browser subscriptions ("devices") of
 * the signed-in user. A subscription is the `PushSubscription.toJSON()` of the Push API: the push
 * service's `endpoint` (an https URL) and the browser's keys, base64url without padding: `p256dh`,
 * its P-256 ECDH public key (65 bytes, uncompressed point), and `auth`, its 16-byte auth secret
 * (RFC 8291). Times ISO 8601 UTC.
 */

const b64url = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .transform((s) => s.replace(/=+$/, ''))
    .refine((s) => s.length === Math.ceil((bytes * 4) / 3) && s.length % 4 !== 1, `${what} must decode to ${bytes} bytes`);

/** The push service endpoint: an https URL (web-push sends over https only; decision 086). */
export const PushEndpoint = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((u) => /^https:\/\//i.test(u), { message: 'must be an https URL' });

// POST /api/alerts/push/subscriptions — the browser's PushSubscription JSON (upserted on `endpoint`).
export const SubscribePushBody = z.object({
  endpoint: PushEndpoint,
  /** When the push service ends the subscription (ms since epoch), if it says; not stored. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // an uncompressed point starts with the byte 0x04, whose first six bits are base64 'B'
    p256dh: b64url(65, 'p256dh').refine((s) => s.startsWith('B'), 'p256dh must be an uncompressed P-256 point'),
    auth: b64url(16, 'auth'),
  }),
});
export type SubscribePushBody = z.infer<typeof SubscribePushBody>;

// POST /api/alerts/push/unsubscribe — the endpoint the browser unsubscribed.
export const UnsubscribePushBody = z.object({ endpoint: PushEndpoint });
export const PushSubscriptionIdParams = z.object({ id: z.coerce.number().int().positive() });

/** A subscribed browser of the caller: its push service's endpoint, the browser's user agent when sent, when it subscribed. */
export const PushDevice = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  /** Origin of the push service (e.g. `https://fcm.googleapis.com`): which browser family delivers. */
  push_service: z.string(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});
export type PushDevice = z.infer<typeof PushDevice>;

/**
 * Whether Web Push is on (`enabled`) and the VAPID public key (base64url, 65 bytes; the
 * `applicationServerKey` of `pushManager.subscribe`); off: `public_key` null and `reason`
 * (`not_configured`: no VAPID keys on the server).
 */
export const PushConfig = z.object({ enabled: z.boolean(), public_key: z.string().nullable(), reason: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfig>;

export const GetPushConfigResponse = resultOf(PushConfig);
export const GetPushSubscriptionsResponse = resultOf(z.array(PushDevice));
export const PushDeviceResponse = resultOf(PushDevice);
export const DeletePushResponse = resultOf(z.object({ deleted: z.boolean() }));

const tags = ['alerts'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 503: ErrorResponse };

/** Web Push endpoints: the public key (anyone), the caller's subscriptions (signed in; 503 PUSH_NOT_CONFIGURED without VAPID keys). */
export const pushApi = {
  getPushConfig: endpoint(GET('/api/alerts/push/config'), { tags, summary: 'Whether Web Push is on and the VAPID public key (applicationServerKey)', response: { 200: GetPushConfigResponse } }),
  getPushSubscriptions: endpoint(GET('/api/alerts/push/subscriptions'), { tags, summary: 'Browsers subscribed to Web Push alerts of the caller', security: BEARER, response: { 200: GetPushSubscriptionsResponse, ...errors } }),
  subscribePush: endpoint(POST('/api/alerts/push/subscriptions'), {
    tags,
    summary: 'Store the browser\'s PushSubscription (upsert on endpoint; 503 PUSH_NOT_CONFIGURED without VAPID keys; 400 OUTBOUND_URL_NOT_ALLOWED for an internal address)',
    security: BEARER,
    body: SubscribePushBody,
    response: { 200: PushDeviceResponse, ...errors },
  }),
  unsubscribePush: endpoint(POST('/api/alerts/push/unsubscribe'), { tags, summary: 'Forget the subscription of this endpoint (the browser unsubscribed)', security: BEARER, body: UnsubscribePushBody, response: { 200: DeletePushResponse, ...errors } }),
  deletePushSubscription: endpoint(DELETE('/api/alerts/push/subscriptions/:id'), { tags, summary: 'Remove a subscribed browser', security: BEARER, params: PushSubscriptionIdParams, response: { 200: DeletePushResponse, ...errors } }),
};
