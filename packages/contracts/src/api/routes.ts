/**
 * Method and path of every HTTP endpoint, by endpoint name — the one place they are written.
 *
 * This module is zod-free on purpose: the web imports it at run time to build URLs (its bundle
 * must not pull in zod), while the full descriptors (params, query, body, responses as zod schemas)
 * live beside each feature's schemas (`<feature>/api.ts`, merged in `api/endpoints.ts`) and are
 * built from these entries. Paths are absolute (`/api/...`); `:name` segments are path parameters.
 * Decision 070 (docs/decisions/070-executable-contracts.md) explains the split.
 */

/** HTTP method of an endpoint. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Method and path of one endpoint; `path` may hold `:param` segments. */
export interface RouteSpec {
  readonly method: HttpMethod;
  readonly path: string;
}

const GET = 'GET';
const POST = 'POST';

export const ROUTES = {
  // ---- market -------------------------------------------------------------------
  getClock: { method: GET, path: '/api/clock' },
  getAllCoins: { method: GET, path: '/api/crypto/all' },
  searchCoins: { method: GET, path: '/api/crypto' },
  getPrice: { method: GET, path: '/api/crypto/price' },
  getCmcPrice: { method: GET, path: '/api/crypto/cmc_price' },
  getMarketCap: { method: GET, path: '/api/crypto/market_cap' },
  getFearGreed: { method: GET, path: '/api/crypto/fear_greed' },
  getCmcHistorical: { method: GET, path: '/api/crypto/cmc_historical' },
  getDetailChart: { method: GET, path: '/api/crypto/detail/chart' },
  getCmcDetail: { method: GET, path: '/api/crypto/cmc_detail' },
  getCoinDetail: { method: GET, path: '/api/crypto/:id/detail' },
  streamMarket: { method: GET, path: '/api/stream/market' },

  // ---- technical analysis and signals ------------------------------------------------------------
  getSignalsAll: { method: GET, path: '/api/crypto/ta/all' },
  getSignalsHot: { method: GET, path: '/api/crypto/ta/hot' },
  getSignalsFollowing: { method: GET, path: '/api/crypto/ta/following' },
  getWithSignals: { method: GET, path: '/api/crypto/with_signals' },
  getLatestAccuracy: { method: GET, path: '/api/crypto/latest_accuracy' },
  getCoinTa: { method: GET, path: '/api/crypto/:id/ta/:timeframe' },
  getTrackRecord: { method: GET, path: '/api/signals/track-record' },
  getPatternStats: { method: GET, path: '/api/signals/pattern-stats' },
  getBacktest: { method: GET, path: '/api/signals/backtest' },
  getCalibration: { method: GET, path: '/api/signals/calibration' },
  getStrategyRecord: { method: GET, path: '/api/strategies/record' },
  getRecordRoots: { method: GET, path: '/api/record/roots' },
  getRecordEntries: { method: GET, path: '/api/record/entries' },
  getNewsRecord: { method: GET, path: '/api/feeds/record' },

  // ---- feeds (news) --------------------------------------------------------------------------------
  getLatestFeeds: { method: GET, path: '/api/feeds/latest' },
  getNewsFilter: { method: GET, path: '/api/feeds/filter' },
  putNewsFilter: { method: 'PUT', path: '/api/feeds/filter' },
  getHotTop5: { method: GET, path: '/api/feeds/hot_top5' },
  getSotd: { method: GET, path: '/api/feeds/sotd' },
  refreshSotd: { method: GET, path: '/api/feeds/sotd/refresh' },
  streamSotdRefresh: { method: GET, path: '/api/feeds/stream/sotd/refresh' },
  getFeed: { method: GET, path: '/api/feeds/:id' },
  streamFeeds: { method: GET, path: '/api/stream/feeds' },

  // ---- watchlist -----------------------------------------------------------------------------------
  getFollowing: { method: GET, path: '/api/crypto/crypto_following' },
  searchFollowing: { method: GET, path: '/api/crypto/search/following' },
  followCoin: { method: POST, path: '/api/crypto/crypto_following/:id' },
  unfollowCoin: { method: 'DELETE', path: '/api/crypto/crypto_following/:id' },

  // ---- alerts ---------------------------------------------------------------------------
  getAlertRules: { method: GET, path: '/api/alerts/rules' },
  createAlertRule: { method: POST, path: '/api/alerts/rules' },
  updateAlertRule: { method: 'PATCH', path: '/api/alerts/rules/:id' },
  deleteAlertRule: { method: 'DELETE', path: '/api/alerts/rules/:id' },
  getAlertStrategies: { method: GET, path: '/api/alerts/strategies' },
  getAlertChannels: { method: GET, path: '/api/alerts/channels' },
  getNotifications: { method: GET, path: '/api/alerts/notifications' },
  markNotificationsRead: { method: POST, path: '/api/alerts/notifications/read' },
  streamAlerts: { method: GET, path: '/api/alerts/stream' },
  getWebhooks: { method: GET, path: '/api/alerts/webhooks' },
  createWebhook: { method: POST, path: '/api/alerts/webhooks' },
  deleteWebhook: { method: 'DELETE', path: '/api/alerts/webhooks/:id' },
  testWebhook: { method: POST, path: '/api/alerts/webhooks/:id/test' },
  getWebhookDeliveries: { method: GET, path: '/api/alerts/webhooks/:id/deliveries' },
  getTelegramLink: { method: GET, path: '/api/alerts/telegram' },
  createTelegramLinkToken: { method: POST, path: '/api/alerts/telegram/link' },
  deleteTelegramLink: { method: 'DELETE', path: '/api/alerts/telegram' },
  testTelegram: { method: POST, path: '/api/alerts/telegram/test' },
  getTelegramDeliveries: { method: GET, path: '/api/alerts/telegram/deliveries' },
  // Web Push: the VAPID public key, the browser subscriptions (devices) of the caller
  getPushConfig: { method: GET, path: '/api/alerts/push/config' },
  getPushSubscriptions: { method: GET, path: '/api/alerts/push/subscriptions' },
  subscribePush: { method: POST, path: '/api/alerts/push/subscriptions' },
  unsubscribePush: { method: POST, path: '/api/alerts/push/unsubscribe' },
  deletePushSubscription: { method: 'DELETE', path: '/api/alerts/push/subscriptions/:id' },

  // ---- coin AI content, assistant, lab -------------------------------------------------------------
  getAggregate: { method: GET, path: '/api/crypto/:id/aggregate' },
  generateStrategy: { method: POST, path: '/api/crypto/:id/strategy' },
  getFullAnalysis: { method: GET, path: '/api/crypto/:id/analysis' },
  getChatHistory: { method: GET, path: '/api/chat/:coinId/messages' },
  postChatMessage: { method: POST, path: '/api/chat/:coinId/messages' },
  getPaperPlans: { method: GET, path: '/api/lab/:coinId/plans' },
  createPaperPlan: { method: POST, path: '/api/lab/:coinId/plans' },

  // ---- users ---------------------------------------------------------------------------------------
  getMe: { method: GET, path: '/api/users/profile/me' },
  updateUser: { method: 'PATCH', path: '/api/users/:id' },
  acceptCookies: { method: 'PATCH', path: '/api/users/accept-cookies/:id' },
  getProfile: { method: GET, path: '/api/users/profile' },
  saveProfile: { method: POST, path: '/api/users/profile' },
  patchProfile: { method: 'PATCH', path: '/api/users/profile/:id' },
  exportAccount: { method: GET, path: '/api/users/me/export' },
  deleteAccount: { method: POST, path: '/api/users/me/delete' },
  deleteAccountMessage: { method: GET, path: '/api/users/me/delete/siwe' },
  getUsage: { method: GET, path: '/api/users/usage/:kind' },

  // ---- membership and payments ---------------------------------------------------------------------
  getSubscriptionPlans: { method: GET, path: '/api/payment/subscription_plans' },
  getSubscription: { method: GET, path: '/api/payment/subscription' },
  createPayment: { method: POST, path: '/api/payment/create' },
  getWalletBalance: { method: GET, path: '/api/payment/wallet_balance' },
  submitPaymentTx: { method: POST, path: '/api/payment/:id/tx' },
  checkTransactionStatus: { method: GET, path: '/api/payment/:id/check_transaction_status' },
  cancelCheckTransactionStatus: { method: GET, path: '/api/payment/:id/cancel_check_transaction_status' },
  getPaymentStatus: { method: GET, path: '/api/payment/:id/status' },
  getInvitationCode: { method: GET, path: '/api/invitation/code' },
  bindInvitation: { method: POST, path: '/api/invitation/bind' },

  // ---- auth -------------------------------------------------------------------------
  getProviders: { method: GET, path: '/api/auth/providers' },
  login: { method: POST, path: '/api/auth/login' },
  register: { method: POST, path: '/api/auth/register' },
  logout: { method: POST, path: '/api/auth/logout' },
  validateToken: { method: GET, path: '/api/auth/validate-token' },
  resendRegisterCode: { method: GET, path: '/api/auth/resend-register-code' },
  verifyRegisterCode: { method: POST, path: '/api/auth/verify-register-code' },
  forgotPassword: { method: GET, path: '/api/auth/forgot-password' },
  resendResetPasswordCode: { method: GET, path: '/api/auth/resend-reset-password-code' },
  verifyResetPasswordCode: { method: POST, path: '/api/auth/verify-reset-password-code' },
  resetPassword: { method: POST, path: '/api/auth/reset-password' },
  sendBindEmailCode: { method: GET, path: '/api/auth/send-bind-email-code' },
  verifyBindEmailCode: { method: POST, path: '/api/auth/verify-bind-email-code' },
  checkProviderConnection: { method: GET, path: '/api/auth/check-provider-connection' },
  metamaskNonce: { method: GET, path: '/api/auth/metamask/nonce' },
  metamaskLogin: { method: POST, path: '/api/auth/metamask/login' },
  metamaskConnect: { method: POST, path: '/api/auth/metamask/connect' },
  metamaskDisconnect: { method: POST, path: '/api/auth/metamask/disconnect' },
  googleUrl: { method: GET, path: '/api/auth/google/url' },
  googleExchangeToken: { method: POST, path: '/api/auth/google/exchange-token' },
  googleConnect: { method: POST, path: '/api/auth/google/connect' },
  googleLogin: { method: POST, path: '/api/auth/google/login' },
  googleMerge: { method: POST, path: '/api/auth/google/merge' },
  googleDisconnect: { method: POST, path: '/api/auth/google/disconnect' },
  xUrl: { method: GET, path: '/api/auth/x/url' },
  xExchangeToken: { method: POST, path: '/api/auth/x/exchange-token' },
  xConnect: { method: POST, path: '/api/auth/x/connect' },
  xLogin: { method: POST, path: '/api/auth/x/login' },
  xMerge: { method: POST, path: '/api/auth/x/merge' },
  xDisconnect: { method: POST, path: '/api/auth/x/disconnect' },
  telegramVerify: { method: POST, path: '/api/auth/telegram/verify' },
  telegramConnect: { method: POST, path: '/api/auth/telegram/connect' },
  telegramLogin: { method: POST, path: '/api/auth/telegram/login' },
  telegramMerge: { method: POST, path: '/api/auth/telegram/merge' },
  telegramDisconnect: { method: POST, path: '/api/auth/telegram/disconnect' },

  // ---- analytics, config, health -------------------------------------------------------------------
  collectEvent: { method: POST, path: '/collect_event' },
  collectEventApi: { method: POST, path: '/api/collect_event' },
  getConfig: { method: GET, path: '/api/config' },
  getHealth: { method: GET, path: '/api/health' },
} as const satisfies Record<string, RouteSpec>;

/** Name of an endpoint (a key of {@link ROUTES}). */
export type EndpointName = keyof typeof ROUTES;

/**
 * Fills the `:name` segments of `path` with `params[name]`, percent-encoded
 * (`fillPath('/api/crypto/:id/detail', { id: 'bitcoin' })` → `/api/crypto/bitcoin/detail`).
 * Throws Error when a segment has no value (a programming error: the types require every one).
 */
export function fillPath(path: string, params?: Readonly<Record<string, string | number>>): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined || v === '') throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
}
