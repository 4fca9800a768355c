import type { NewsRecord, NewsRecordHorizon } from '@coinlens/contracts';
import type { Clock } from '../../platform/clock';
import { eventTypeOf } from '../news/news.pipeline';
import { baseRate, NEWS_RECORD_HORIZONS, newsRecordTables, type BaseRate, type ScoredMark } from './news-record.stats';
import type { NewsRecordRepository } from './news-record.repository';

/** Candle columns of a coin for the base rates (open times ms ascending, closes, candle length ms). */
export interface BaseCandles {
  openTime: ArrayLike<number>;
  close: ArrayLike<number>;
  tfMs: number;
}

/** How far before a coin's first scored mark its base-rate windows start (ms). */
export const BASE_LEAD_MS = 86_400_000;

/** How long (market-clock ms) a computed News record is served before it is computed again. */
export const NEWS_RECORD_TTL_MS = 5 * 60_000;

/**
 * The News record: every bullish / bearish per-coin mark scored at +1h and +24h against the base
 * rate of the same coin (see news-record.stats.ts for the method). Only impact rows whose horizon
 * has passed on the market clock are read, and the base rates use candles that closed by then.
 */
export class NewsRecordService {
  private cached: { at: number; value: Promise<NewsRecord> } | null = null;

  constructor(
    private readonly d: {
      repo: NewsRecordRepository;
      clock: Clock;
      /** Candles of `symbol` closed by `until` (5m where the coin has them, else 1h, as the news impact uses); null when none. */
      candles: (symbol: string, until: number) => Promise<BaseCandles | null>;
    },
  ) {}

  /** True when a record computed less than NEWS_RECORD_TTL_MS of market time ago is at hand (the next {@link record} call computes nothing). */
  fresh(): boolean {
    const now = this.d.clock.now();
    return !!this.cached && now >= this.cached.at && now - this.cached.at < NEWS_RECORD_TTL_MS;
  }

  /** The record at the clock's now (recomputed at most every NEWS_RECORD_TTL_MS of market time); `horizon` keeps one horizon's tables. */
  async record(q: { horizon?: NewsRecordHorizon } = {}): Promise<NewsRecord> {
    const now = this.d.clock.now();
    if (!this.cached || now < this.cached.at || now - this.cached.at >= NEWS_RECORD_TTL_MS) {
      const value = this.compute(now);
      this.cached = { at: now, value };
      value.catch(() => {
        if (this.cached?.value === value) this.cached = null;
      });
    }
    const r = await this.cached.value;
    return q.horizon ? { ...r, tables: r.tables.filter((t) => t.horizon === q.horizon) } : r;
  }

  /** Computes the record at `now` (ms, market clock). */
  async compute(now: number): Promise<NewsRecord> {
    const rows = await this.d.repo.scoredMoves(now, NEWS_RECORD_HORIZONS);
    const marks: Record<NewsRecordHorizon, ScoredMark[]> = { '1h': [], '24h': [] };
    for (const r of rows) {
      const trend = r.coin_trends?.find((c) => c.symbol === r.symbol)?.trend;
      if ((trend !== 'bullish' && trend !== 'bearish') || !(r.horizon in marks)) continue;
      marks[r.horizon as NewsRecordHorizon].push({ symbol: r.symbol, trend, publishedAt: r.published_at, changePct: r.change_pct, source: r.source, lang: r.lang, eventType: eventTypeOf(r.topic) });
    }
    const all = [...marks['1h'], ...marks['24h']];
    const span = new Map<string, { from: number; to: number }>();
    for (const m of all) {
      const s = span.get(m.symbol);
      span.set(m.symbol, s ? { from: Math.min(s.from, m.publishedAt), to: Math.max(s.to, m.publishedAt) } : { from: m.publishedAt, to: m.publishedAt });
    }
    const bases = new Map<string, BaseRate | null>();
    for (const [symbol, s] of span) {
      const c = await this.d.candles(symbol, now);
      for (const [h, ms] of Object.entries(NEWS_RECORD_HORIZONS)) {
        // Windows start from one day before the coin's first scored mark to its last (so a coin with
        // one mark still has a day of windows) and end by now (no window reads a later close).
        bases.set(`${symbol}:${h}`, c ? baseRate(c.openTime, c.close, c.tfMs, ms, s.from - BASE_LEAD_MS, Math.min(s.to, now - ms)) : null);
      }
    }
    const tables = (['1h', '24h'] as const).flatMap((h) => newsRecordTables(marks[h], h, (symbol) => bases.get(`${symbol}:${h}`) ?? null));
    const pending: Record<string, number> = { '1h': 0, '24h': 0 };
    for (const r of await this.d.repo.recentMarks(now - NEWS_RECORD_HORIZONS['24h'], now)) {
      const n = (r.coin_trends ?? []).filter((c) => c.trend === 'bullish' || c.trend === 'bearish').length;
      for (const [h, ms] of Object.entries(NEWS_RECORD_HORIZONS)) if (r.published_at > now - ms) pending[h] += n;
    }
    return {
      as_of: now,
      from: all.length ? Math.min(...all.map((m) => m.publishedAt)) : null,
      to: all.length ? Math.max(...all.map((m) => m.publishedAt)) : null,
      scored: { '1h': marks['1h'].length, '24h': marks['24h'].length },
      pending,
      coins: span.size,
      tables,
    };
  }
}
