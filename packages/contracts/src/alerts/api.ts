import { BEARER, DELETE, endpoint, GET, PATCH, POST } from '../api/endpoint';
import { ErrorResponse } from '../common/envelope';
import {
  AlertIdParams, AlertRuleResponse, CreateAlertRuleBody, CreateWebhookBody, DeleteAlertRuleResponse, GetAlertChannelsResponse, GetAlertRulesResponse, GetAlertStrategiesQuery, GetAlertStrategiesResponse, GetNotificationsQuery,
  GetNotificationsResponse, GetWebhookDeliveriesResponse, GetWebhooksResponse, GetTelegramLinkResponse, CreateTelegramLinkTokenResponse, DeleteTelegramLinkResponse, TestTelegramResponse, MarkReadBody, MarkReadResponse, TestWebhookResponse, UpdateAlertRuleBody, WebhookResponse,
} from './rules';

const tags = ['alerts'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const tgErrors = { ...errors, 503: ErrorResponse };

/**
 * Alerts, all signed in: rules (Free 5 active, Pro 200: 409 ALERT_RULE_LIMIT_REACHED),
 * the notification centre and its live unread count, webhook endpoints with their delivery log.
 */
export const alertsApi = {
  getAlertRules: endpoint(GET('/api/alerts/rules'), { tags, summary: 'Alert rules of the caller with the active-rule limit of the plan', security: BEARER, response: { 200: GetAlertRulesResponse, ...errors } }),
  createAlertRule: endpoint(POST('/api/alerts/rules'), { tags, summary: 'Create an alert rule (409 ALERT_RULE_LIMIT_REACHED past the plan limit)', security: BEARER, body: CreateAlertRuleBody, response: { 200: AlertRuleResponse, ...errors } }),
  updateAlertRule: endpoint(PATCH('/api/alerts/rules/:id'), { tags, summary: 'Edit, pause (active=false) or resume an alert rule', security: BEARER, params: AlertIdParams, body: UpdateAlertRuleBody, response: { 200: AlertRuleResponse, ...errors } }),
  deleteAlertRule: endpoint(DELETE('/api/alerts/rules/:id'), { tags, summary: 'Delete an alert rule', security: BEARER, params: AlertIdParams, response: { 200: DeleteAlertRuleResponse, ...errors } }),
  getAlertStrategies: endpoint(GET('/api/alerts/strategies'), { tags, summary: 'Strategies the caller generated (newest first, at most 50), to set strategy alerts on', security: BEARER, querystring: GetAlertStrategiesQuery, response: { 200: GetAlertStrategiesResponse, ...errors } }),
  getAlertChannels: endpoint(GET('/api/alerts/channels'), { tags, summary: 'Channels configured on this server, with the reason one is off', response: { 200: GetAlertChannelsResponse, ...errors } }),
  getNotifications: endpoint(GET('/api/alerts/notifications'), { tags, summary: 'Latest fired alerts and the unread count', security: BEARER, querystring: GetNotificationsQuery, response: { 200: GetNotificationsResponse, ...errors } }),
  markNotificationsRead: endpoint(POST('/api/alerts/notifications/read'), { tags, summary: 'Mark notifications read (ids, or all)', security: BEARER, body: MarkReadBody, response: { 200: MarkReadResponse, ...errors } }),
  streamAlerts: endpoint(GET('/api/alerts/stream'), { tags, summary: 'Live unread count (server-sent events `unread`, AlertStreamEvent)', security: BEARER, response: { 401: ErrorResponse } }),
  getWebhooks: endpoint(GET('/api/alerts/webhooks'), { tags, summary: 'Webhook endpoints of the caller (secrets are never listed)', security: BEARER, response: { 200: GetWebhooksResponse, ...errors } }),
  createWebhook: endpoint(POST('/api/alerts/webhooks'), { tags, summary: 'Add a webhook endpoint; the answer shows its signing secret once (400 OUTBOUND_URL_NOT_ALLOWED for an internal address, 409 WEBHOOK_LIMIT_REACHED: Free 3, Pro 20)', security: BEARER, body: CreateWebhookBody, response: { 200: WebhookResponse, ...errors } }),
  deleteWebhook: endpoint(DELETE('/api/alerts/webhooks/:id'), { tags, summary: 'Remove a webhook endpoint', security: BEARER, params: AlertIdParams, response: { 200: DeleteAlertRuleResponse, ...errors } }),
  testWebhook: endpoint(POST('/api/alerts/webhooks/:id/test'), { tags, summary: 'Queue a signed test delivery to the endpoint (5 a minute per user, then 429 RATE_LIMITED)', security: BEARER, params: AlertIdParams, response: { 200: TestWebhookResponse, ...errors } }),
  getWebhookDeliveries: endpoint(GET('/api/alerts/webhooks/:id/deliveries'), { tags, summary: 'Delivery log of an endpoint: deliveries, newest first, with every attempt', security: BEARER, params: AlertIdParams, response: { 200: GetWebhookDeliveriesResponse, ...errors } }),
  getTelegramLink: endpoint(GET('/api/alerts/telegram'), { tags, summary: 'Telegram channel: configured or not (reason), the bot name and the linked chat', security: BEARER, response: { 200: GetTelegramLinkResponse, ...tgErrors } }),
  createTelegramLinkToken: endpoint(POST('/api/alerts/telegram/link'), {
    tags,
    summary: 'One-time token (15 min) and deep link https://t.me/<bot>?start=<token>; the bot links the chat on /start (503 TELEGRAM_NOT_CONFIGURED)',
    security: BEARER,
    response: { 200: CreateTelegramLinkTokenResponse, ...tgErrors },
  }),
  deleteTelegramLink: endpoint(DELETE('/api/alerts/telegram'), { tags, summary: 'Unlink the Telegram chat (alerts stop going there)', security: BEARER, response: { 200: DeleteTelegramLinkResponse, ...tgErrors } }),
  testTelegram: endpoint(POST('/api/alerts/telegram/test'), { tags, summary: 'Queue a test message to the linked chat (409 TELEGRAM_NOT_LINKED, 503 TELEGRAM_NOT_CONFIGURED)', security: BEARER, response: { 200: TestTelegramResponse, ...tgErrors } }),
  getTelegramDeliveries: endpoint(GET('/api/alerts/telegram/deliveries'), { tags, summary: 'Delivery log of the Telegram channel: the latest 20 deliveries with every attempt', security: BEARER, response: { 200: GetWebhookDeliveriesResponse, ...tgErrors } }),
};
