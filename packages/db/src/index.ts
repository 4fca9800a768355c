/** @coinlens/db — drizzle schema, migrations, the database handle and the shipped-data import. */
export {
  type Database, type DatabaseHandle, DataDirDamagedError, DataDirInUseError, DEFAULT_PGLITE_SHARED_BUFFERS_MB, holdsDatabase, LOCKS, migrateDatabase, MIGRATIONS_DIR, openDatabase, resetDatabase,
} from './client';
export * as schema from './schema/index';
export {
  aiContents, analyticsEvents, appSecrets, candles, chatMessages, coinFollowing, coins, dataImports, fearGreed, globalMarket, invitationBindings,
  invitationCodes, type NewsCoinTrend, newsCursors, newsFilters, newsImpact, newsItems, newsStoryOfDay, oauthStates, paperPlans, paymentOrders,
  pendingIdentities, profiles, replayState, sessions, signalEvents, signalProgress, siweNonces, socialLogins, strategyGenerations, subscriptions, taSnapshots,
  trialRedemptions, usageCounters, users, verificationCodes, probabilityForecasts, strategyRecords, recordEntries,
  alertDeliveries, alertDeliveryAttempts, alertEvents, alertRules, pushSubscriptions, telegramLinks, telegramLinkTokens, webhookEndpoints,
  savedScreens, screenMatches,
} from './schema/index';
export {
  backupDataDir, BackupError, type BackupResult, backupSocketPath, restoreDataDir, type RestoreResult, serveBackups, type TableCount,
} from './backup';
export { importData, type Importer, type ImportProgress, shippedDataImporters } from './import/shipped-data';
