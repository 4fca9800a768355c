import crypto from 'node:crypto';
import path from 'node:path';
import { importData, LOCKS, migrateDatabase, openDatabase, shippedDataImporters, type DatabaseHandle, type ImportProgress } from '@coinlens/db';
import { dataDirOf, REPO_ROOT, type Env } from './platform/env';
import { ExchangeClock, ReplayClock, type Clock } from './platform/clock';
import { InProcessPubSub, RedisPubSub, type PubSub } from './platform/pubsub';
import { ReadModels } from './platform/read-models';
import { redisPrefixOf } from './platform/deployment';
import { createEventBus } from './platform/events';
import type { SignalsEvents } from './modules/signals/signals.events';
import type { NewsEvents } from './modules/news/news.events';
import { MarketRepository } from './modules/market/market.repository';
import { MarketService } from './modules/market/market.service';
import { CandleStore } from './modules/market/candle-store';
import { ReplayMarketSource } from './providers/market/replay/replay-source';
import { BinanceMarketSource } from './providers/market/binance/binance-source';
import { readLiveMetadata } from './modules/market/live-metadata';
import { AnalysisPool, defaultAnalysisThreads } from './modules/signals/analysis/analysis-thread';
import type { MarketSource } from './providers/market/types';
import { FollowingRepository } from './modules/following/following.repository';
import { FollowingService } from './modules/following/following.service';
import { OpenAiCompatibleClient } from './providers/llm/openai-compatible';
import type { LlmClient } from './providers/llm/types';
import { SignalsRepository } from './modules/signals/signals.repository';
import { SignalsPipeline } from './modules/signals/signals.pipeline';
import { CalibrationRepository } from './modules/calibration/calibration.repository';
import { CalibrationService } from './modules/calibration/calibration.service';
import { calibrationHook } from './modules/calibration/calibration.jobs';
import { SignalsReads } from './modules/signals/signals.reads';
import { SignalsJobs } from './modules/signals/signals.jobs';
import { NewsRepository } from './modules/news/news.repository';
import { NewsPipeline } from './modules/news/news.pipeline';
import { NewsReads } from './modules/news/news.reads';
import { newsImporters } from './modules/news/news.import';
import { startNewsJobs } from './modules/news/news.jobs';
import { BuiltinInterpreter } from './modules/news/interpreter';
import { LlmInterpreter } from './modules/news/llm-interpreter';
import { RssNewsProvider } from './providers/news/rss/rss-provider';
import { WebSub } from './providers/news/rss/websub';
import { Outbound } from './platform/outbound';
import { AppSecretsRepository } from './platform/app-secrets.repository';
import { CryptoCompareNewsProvider } from './providers/news/cryptocompare/cryptocompare-provider';
import type { NewsProvider } from './providers/news/types';
import { createAccounts, type Accounts } from './modules/auth/accounts';
import { createBilling, type Billing } from './modules/billing/billing';
import { createAi, type Ai } from './modules/ai/ai';
import { createAlerts, type Alerts } from './modules/alerts/alerts';
import { ScreenerRepository } from './modules/screener/screener.repository';
import { ScreenerService } from './modules/screener/screener.service';
import { RecordRepository } from './modules/record/record.repository';
import { RecordService } from './modules/record/record.service';
import { NewsRecordRepository } from './modules/record/news-record.repository';
import { NewsRecordService } from './modules/record/news-record.service';
import { TIMEFRAME_MS, type TaTimeframe } from '@coinlens/contracts';

/** The in-process events of a context (platform/events), by name: what one module emits and others react to. */
export type AppEvents = SignalsEvents & NewsEvents;

/** The log line of a failed reaction, per event (a failure never reaches the emitter nor stops the other reactions). */
const REACTION_FAILED: { [K in keyof AppEvents]: (e: unknown) => string } = {
  'signals.analysisStored': (e) => `analysis hook: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
  'news.released': (e) => `news release hook: ${e instanceof Error ? e.message : String(e)}`,
};

/** Everything a process shares: configuration, database, clock, pub/sub, providers and services. */
export interface AppContext {
  env: Env;
  db: DatabaseHandle;
  clock: Clock;
  pubsub: PubSub;
  /** Stored results of the read endpoints, versioned by the writes that change them (platform/read-models). */
  readModels: ReadModels;
  /** Prefix of every Redis key and channel of this deployment (REDIS_PREFIX or `coinlens:<deployment id>:`). */
  redisPrefix: string;
  source: MarketSource;
  market: MarketService;
  marketRepo: MarketRepository;
  /** The watchlist. */
  following: FollowingService;
  /** The OpenAI-compatible model when LLM_BASE_URL is set; null means the built-in analyst writes. */
  llm: LlmClient | null;
  /** Read side of the signals: TA snapshots, signal lists, accuracy, track record (modules/signals). */
  signals: SignalsReads;
  /** Write side of the signals: analysis, snapshots, signal logging and scoring, backfill. */
  signalsPipeline: SignalsPipeline;
  /** The clock-driven signals jobs; null in processes without the worker role (never constructed there). */
  signalsJobs: SignalsJobs | null;
  /** Calibration of the stated probabilities and the strategy record (modules/calibration). */
  calibration: CalibrationService;
  /** Read side of the news: feeds, feed pages (read models), story of the day (modules/news). */
  news: NewsReads;
  /** The news pipeline: ingestion, analysis, impact, release (run by the news jobs of a worker). */
  newsPipeline: NewsPipeline;
  /** WebSub delivery of the RSS feeds (NEWS_WEBSUB_CALLBACK_URL with NEWS_FEEDS); null when off. */
  newsPush: { websub: WebSub; rss: RssNewsProvider } | null;
  /** Accounts: sessions (JWT + sessions table), users, e-mail auth, SIWE, OAuth, mail. */
  accounts: Accounts;
  /** Membership: subscriptions, daily quotas (`billing.quota.consumeQuota`), on-chain payments, invitation codes. */
  billing: Billing;
  /** AI content of the coin page, the assistant and the trading-agent preview (modules/ai, modules/chat). */
  ai: Ai;
  /** Alert rules, notifications, webhooks; evaluator and outbox dispatcher in worker processes (modules/alerts). */
  alerts: Alerts;
  /** The screener: screens over the stored analyses, saved screens, the coins entering them (modules/screener). */
  screener: ScreenerService;
  /** The tamper-evident record: hash chain of every statement, daily roots, verification (modules/record). */
  record: RecordService;
  /** News marks scored against price (modules/record). */
  newsRecord: NewsRecordService;
  /** Folder of the shipped data set (candles, icons, news…). */
  shippedDataDir: string;
  /**
   * Stops every job, queue, worker thread and connection, one step after another. `onStep` is told
   * when each step starts (`ms` null) and ends (its wall time in ms), so a shutdown that hangs names
   * its step; a step slower than 10 s is also logged.
   */
  close(onStep?: (step: string, ms: number | null) => void): Promise<void>;
}

/** Options for building a context; tests inject a clock, a database and a tick interval. */
export interface ContextOptions {
  /** A database owned by the caller (tests): not closed by the context, no caches in DATA_DIR. */
  db?: DatabaseHandle;
  /** The process' own database, already being opened (main.ts opens it while the code loads); closed by the context. */
  ownDb?: Promise<DatabaseHandle>;
  clock?: Clock;
  tickMs?: number;
  onImportProgress?: (p: ImportProgress) => void;
  log?: (msg: string) => void;
}

/**
 * Opens the database (migrates, imports the shipped data once), sets up the clock, pub/sub and the
 * market source, and loads the services. The composition root of the server.
 */
export async function createContext(env: Env, opts: ContextOptions = {}): Promise<AppContext> {
  const log = opts.log ?? (() => undefined);
  const shippedDataDir = path.resolve(env.SHIPPED_DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const db = opts.db ?? (await opts.ownDb) ?? (await openDatabase({ url: env.DATABASE_URL, dataDir: path.join(dataDirOf(env), 'pglite'), poolSize: env.DATABASE_POOL_SIZE, sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB }));
  await migrateDatabase(db);
  if (!env.SKIP_IMPORT) {
    const r = await importData(db, [...shippedDataImporters(shippedDataDir), ...newsImporters(shippedDataDir)], opts.onImportProgress);
    log(r.imported ? `imported ${r.imported} data files (${r.rows} rows)` : 'shipped data already imported');
  }
  const marketRepo = new MarketRepository(db);
  let clock: Clock;
  if (opts.clock) clock = opts.clock;
  else if (env.MARKET_SOURCE === 'replay') {
    const anchor = await marketRepo.replayAnchor(env.REPLAY_START, env.REPLAY_SPEED, Date.now());
    const window = await marketRepo.dataWindow();
    clock = new ReplayClock(env.REPLAY_START, env.REPLAY_SPEED, anchor, window?.to);
  } else clock = new ExchangeClock();
  // One copy of each candle series for the market source and the signals job; on the replay source
  // (immutable candles) also kept as column files in DATA_DIR/cache so that a restart reads no rows.
  const candles = new CandleStore({ db, repo: marketRepo }, { immutable: env.MARKET_SOURCE === 'replay', cacheDir: opts.db ? undefined : path.join(dataDirOf(env), 'cache', 'candles') });
  const redisPrefix = await redisPrefixOf(env, db);
  const pubsub: PubSub = env.REDIS_URL ? await RedisPubSub.connect(env.REDIS_URL, redisPrefix) : new InProcessPubSub();
  const readModels = await ReadModels.create({ pubsub, redisUrl: env.REDIS_URL, prefix: `${redisPrefix}rm:` });
  // Live: every trading USDT pair of the exchange's listing (told to the market module, which lists
  // exactly those), candles fetched on first use and kept in the database and the candle store.
  const source: MarketSource =
    env.MARKET_SOURCE === 'binance'
      ? new BinanceMarketSource(clock, {
          restUrl: env.BINANCE_REST_URL,
          wsUrl: env.BINANCE_WS_URL,
          tickMs: opts.tickMs,
          repo: {
            upsertCandles: async (symbol, tf, list) => {
              await marketRepo.upsertCandles(symbol, tf, list);
              candles.stored(symbol, tf, list);
            },
            upsertClosed: async (rows) => {
              await marketRepo.upsertClosedCandles(rows);
              for (const r of rows) candles.stored(r.symbol, r.tf, [r.candle]);
            },
            storedCandles: (symbol, tf, limit) => marketRepo.latestCandles(symbol, tf, limit, clock.now()),
          },
          onUniverse: (pairs) => market.syncListing(pairs),
          universeRefreshMs: env.BINANCE_LISTING_REFRESH_SECONDS * 1000,
          weightPerMinute: env.BINANCE_WEIGHT_PER_MINUTE,
          observeTime: clock instanceof ExchangeClock ? (t) => clock.observe(t) : undefined,
          log,
        })
      : new ReplayMarketSource(clock, (s, tf) => candles.load(s, tf), { tickMs: opts.tickMs });
  const market = new MarketService({ repo: marketRepo, source, clock, metadata: env.MARKET_SOURCE === 'binance' ? readLiveMetadata(shippedDataDir) : undefined });
  // Cross-module reactions (an analysis stored, news released) go through this bus: the emitter
  // awaits the reactions in the order they were added below, a failing one is logged.
  const events = createEventBus<AppEvents>({ onError: (name, e) => log(REACTION_FAILED[name](e)) });
  const following = new FollowingService({ repo: new FollowingRepository(db), market });
  const llm = env.LLM_BASE_URL ? new OpenAiCompatibleClient({ baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL ?? 'default', apiKey: env.LLM_API_KEY }) : null;
  const accounts = await createAccounts(env, db, { log });
  const billing = createBilling(env, db, accounts);
  await market.load();
  await source.start(market.sourceUniverse());
  // Only worker processes have the jobs and compute (one of N, under LOCKS.signals); tests start them by hand.
  const worker = env.ROLES.includes('worker');
  // Signals: the pipeline emits `signals.analysisStored`; its reactions, in this order: calibration,
  // the AI's built-in strategies (1h), the alerts evaluator (live analyses, worker processes).
  const signalsRepo = new SignalsRepository(db);
  // Analysis threads: one in replay (28 coins), one per core in live mode (every listed pair closes at once).
  const analysis = new AnalysisPool({ threads: env.ANALYSIS_THREADS ?? (env.MARKET_SOURCE === 'binance' ? defaultAnalysisThreads() : 1) });
  const signalsPipeline = new SignalsPipeline({ repo: signalsRepo, market, source, clock, readModels, log, loadSeries: (s, tf, fresh) => candles.load(s, tf, fresh), events, analysis });
  const calibration = new CalibrationService({ repo: new CalibrationRepository(db), clock, coinRows: () => market.coinRows, history: (s, tf, until) => signalsPipeline.historyUntil(s, tf, until), planInputs: (row, tf, after, fromIndex) => signalsPipeline.planInputs(row, tf, after, fromIndex),
    allCandles: (s, tf, until) => signalsPipeline.historyUntil(s, tf, until, Number.POSITIVE_INFINITY), feePct: env.STRATEGY_FEE_PCT, log });
  events.on('signals.analysisStored', calibrationHook(calibration));
  const signals = new SignalsReads({ repo: signalsRepo, market, source, clock, readModels, pipeline: signalsPipeline, wordingScales: () => calibration.scales() });
  // News: the pipeline emits `news.released` (the alerts evaluator reacts).
  // Feeds are read through the guarded outbound client (the operator's allow list applies), each on
  // its own schedule; WebSub only with a public callback URL (decision 121).
  const newsOutbound = new Outbound({ allow: env.OUTBOUND_ALLOW_HOSTS });
  const websub = env.NEWS_WEBSUB_CALLBACK_URL
    ? new WebSub({ callbackBase: env.NEWS_WEBSUB_CALLBACK_URL, secret: await new AppSecretsRepository(db).secret('websub', crypto.randomBytes(32).toString('hex'), Date.now()), outbound: newsOutbound, log })
    : null;
  const rss = env.NEWS_FEEDS.length
    ? new RssNewsProvider(env.NEWS_FEEDS, { outbound: newsOutbound, websub, bounds: { minMs: Math.min(env.NEWS_POLL_MIN_SECONDS, env.NEWS_POLL_SECONDS) * 1000, maxMs: env.NEWS_POLL_SECONDS * 1000 } })
    : null;
  const newsProviders: NewsProvider[] = [];
  if (rss) newsProviders.push(rss);
  if (env.CRYPTOCOMPARE_API_KEY) newsProviders.push(new CryptoCompareNewsProvider(env.CRYPTOCOMPARE_API_KEY, new Set(market.coinRows.map((c) => c.symbol)), { baseUrl: env.CRYPTOCOMPARE_BASE_URL, outbound: newsOutbound, pollMs: env.NEWS_POLL_SECONDS * 1000 }));
  const newsRepo = new NewsRepository(db);
  const interpreter = llm ? new LlmInterpreter(llm, log) : new BuiltinInterpreter();
  const newsPipeline = new NewsPipeline({ repo: newsRepo, market, source, clock, pubsub, interpreter, providers: newsProviders, readModels, log, events });
  const news = new NewsReads({ repo: newsRepo, market, clock, interpreter, pipeline: newsPipeline, log });
  // The tamper-evident record appends each statement once stored: after every stored analysis (its
  // signals, then the probabilities and built-in strategies of the reactions added before it), each
  // news release (the marks of the items analysed in that pass) and each strategy a model wrote.
  const record = new RecordService({ repo: new RecordRepository(db), clock, log });
  const newsRecord = new NewsRecordService({ repo: new NewsRecordRepository(db), clock, candles: (s, until) => baseCandles(signalsPipeline, s, until) });
  const ai = createAi({ db, market, signals, news, source, clock, quota: billing.quota, llm, readModels, log, events, onStrategies: async (by, row, pair, basedOn, at) => {
    const n = await calibration.recordStrategies(by, row, pair, basedOn, at);
    record.requestAppend();
    return n;
  }, setupRecords: () => calibration.setupRecords() });
  // Screener: rows of figures per coin built from the stored analyses, rebuilt when they change.
  const screener = new ScreenerService({ repo: new ScreenerRepository(db), market, clock, snapshots: (tf, coinIds) => signalsRepo.snapshotsOfTimeframe(tf, coinIds), snapshotTimes: (tf) => signalsRepo.snapshotTimesOfTimeframe(tf), history: (s, tf, until, max) => signalsPipeline.historyUntil(s, tf, until, max), version: () => signals.readVersion() });
  // Alerts: the evaluator (closed candles, signals, screens, news) and the outbox dispatcher only on workers.
  const alerts = createAlerts(env, { db, market, source, clock, pubsub, mailer: accounts.mailer, worker, log, events, screens: screener, history: (s, tf, until) => signalsPipeline.historyUntil(s, tf, until, Number.POSITIVE_INFINITY) });
  events.on('signals.analysisStored', () => record.requestAppend());
  events.on('news.released', () => record.requestAppend());
  // A worker's start chains what a stopped process stored without appending (searching every row once).
  if (worker && env.NODE_ENV !== 'test') record.requestAppend(true);
  // The clock-driven jobs start last, once every reaction is in place.
  // Live: closes and the start-up backfill of several pairs at once (two per analysis thread, so that
  // one's database writes overlap another's analysis); replay: one at a time, as always.
  const signalsJobs = worker ? new SignalsJobs({ pipeline: signalsPipeline, source, log, concurrency: env.MARKET_SOURCE === 'binance' ? 2 * analysis.size : 1, foldQueuedCloses: env.MARKET_SOURCE === 'binance' }) : null;
  if (signalsJobs && env.NODE_ENV !== 'test') await signalsJobs.start(LOCKS.signals, (k) => db.tryLock(k));
  // Tests drive the news jobs by hand (newsPipeline.runJobsOnce).
  const stopNewsJobs =
    worker && env.NODE_ENV !== 'test' && env.NEWS_JOB_INTERVAL_MS > 0
      ? startNewsJobs({ news: newsPipeline, db, intervalMs: env.NEWS_JOB_INTERVAL_MS, startDelayMs: 20_000, log })
      : async () => undefined;
  return {
    env,
    db,
    clock,
    pubsub,
    readModels,
    redisPrefix,
    source,
    market,
    marketRepo,
    llm,
    following,
    signals,
    signalsPipeline,
    signalsJobs,
    calibration,
    news,
    newsPipeline,
    newsPush: websub && rss ? { websub, rss } : null,
    accounts,
    billing,
    ai,
    alerts,
    screener,
    record,
    newsRecord,
    shippedDataDir,
    async close(onStep) {
      const steps: [string, () => unknown][] = [
        ['signals jobs', () => signalsJobs?.stop()],
        ['alerts', () => alerts.close()],
        ['news outbound', () => newsOutbound.close()],
        ['analysis', () => signalsPipeline.close()],
        ['record', () => record.idle()],
        ['accounts', () => accounts.close()],
        ['news jobs', () => stopNewsJobs()],
        ['market source', () => source.stop()],
        ['read models', () => readModels.close()],
        ['pub/sub', () => pubsub.close()],
        ['database', () => (opts.db ? undefined : db.close())],
      ];
      for (const [step, stop] of steps) {
        onStep?.(step, null);
        const t0 = performance.now();
        await stop();
        const ms = performance.now() - t0;
        onStep?.(step, ms);
        if (ms > 10_000) log(`shutdown: ${step} took ${(ms / 1000).toFixed(1)} s`);
      }
    },
  };
}

/** Candles for the News record's base rates: the coin's 5m series closed by `until`, else its 1h series (as the news impact measures); null without either. */
async function baseCandles(pipeline: SignalsPipeline, symbol: string, until: number): Promise<{ openTime: Float64Array; close: Float64Array; tfMs: number } | null> {
  for (const tf of ['5m', '1h'] as TaTimeframe[]) {
    const { s, from, to } = await pipeline.historyUntil(symbol, tf, until, Number.POSITIVE_INFINITY);
    if (to - from > 1) return { openTime: s.openTime.subarray(from, to), close: s.close.subarray(from, to), tfMs: TIMEFRAME_MS[tf] };
  }
  return null;
}
