/** Drizzle schema of every table; one file per module. */
export { candles, coins, dataImports, fearGreed, globalMarket, replayState } from './market';
export { type NewsCoinTrend, newsCursors, newsFilters, newsImpact, newsItems, newsStoryOfDay } from './news';
export { appSecrets, oauthStates, pendingIdentities, profiles, sessions, siweNonces, socialLogins, users, verificationCodes } from './users';
export { signalEvents, signalProgress, taSnapshots } from './signals';
export { invitationBindings, invitationCodes, paymentOrders, subscriptions, trialRedemptions, usageCounters } from './billing';
export { analyticsEvents, coinFollowing } from './following';
export { aiContents, chatMessages, paperPlans, strategyGenerations } from './chat';
export { probabilityForecasts, strategyRecords } from './calibration';
export { alertCandleCursors, alertDeliveries, alertDeliveryAttempts, alertEvents, alertRules, pushSubscriptions, telegramLinks, telegramLinkTokens, webhookEndpoints } from './alerts';
export { recordEntries } from './record';
export { savedScreens, screenMatches } from './screener';
