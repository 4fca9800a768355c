import type { Candle, CoinRef, Lang, PaperPlan } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts';
import { AiRepository, type PaperPlanRow } from './ai.repository';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import type { MarketService } from '../market/market.service';
import type { AiService } from './ai.service';

type PlanRow = PaperPlanRow;
const FIVE_MIN = TIMEFRAME_MS['5m'];

/**
 * Replays a paper plan over 5m candles (oldest first) that opened at or after the plan and closed
 * at or before `now`. Long: filled when a candle trades at or below the top of the entry zone (at
 * the zone top, or the open when it opens inside or below the zone); after the fill, a low at or
 * below the invalidation exits there (checked first, also in the fill candle), else a high at or
 * above the target exits there. Short mirrors it. Unfilled past the horizon: `expired`. P&L in
 * percent of the fill, marked to the last close while open.
 */
export function evaluatePlan(p: Pick<PlanRow, 'bias' | 'entryLow' | 'entryHigh' | 'target' | 'invalidation' | 'horizonHours' | 'createdAt'>, candles: Candle[], now: number): PaperPlan['result'] {
  const long = p.bias === 'long';
  const closed = candles.filter((c) => c.time >= p.createdAt && c.time + FIVE_MIN <= now);
  let entry: number | null = null;
  let entryTime: number | null = null;
  const pnl = (exit: number) => Math.round((((long ? exit - entry! : entry! - exit) / entry!) * 100) * 100) / 100;
  for (const c of closed) {
    if (entry === null) {
      if (c.time >= p.createdAt + p.horizonHours * 3_600_000) return { status: 'expired', entry_price: null, entry_time: null, exit_price: null, exit_time: null, pnl_pct: null, candles_checked: closed.length, as_of: now };
      if (long ? c.low <= p.entryHigh : c.high >= p.entryLow) {
        entry = long ? Math.min(c.open, p.entryHigh) : Math.max(c.open, p.entryLow);
        entryTime = c.time;
      } else continue;
    }
    if (long ? c.low <= p.invalidation : c.high >= p.invalidation) return { status: 'invalidated', entry_price: entry, entry_time: entryTime, exit_price: p.invalidation, exit_time: c.time, pnl_pct: pnl(p.invalidation), candles_checked: closed.length, as_of: now };
    if (p.target !== null && (long ? c.high >= p.target : c.low <= p.target)) return { status: 'target_hit', entry_price: entry, entry_time: entryTime, exit_price: p.target, exit_time: c.time, pnl_pct: pnl(p.target), candles_checked: closed.length, as_of: now };
  }
  const last = closed.at(-1);
  return { status: entry === null ? 'waiting' : 'open', entry_price: entry, entry_time: entryTime, exit_price: null, exit_time: null, pnl_pct: entry !== null && last ? pnl(last.close) : null, candles_checked: closed.length, as_of: now };
}

/** The trading-agent preview (lab permission): paper plans from the short-term strategy, replayed on the clock. */
export class LabService {
  private readonly repo: AiRepository;

  constructor(private readonly d: { repo: AiRepository; ai: AiService; market: MarketService; source: MarketSource; clock: Clock }) {
    this.repo = d.repo;
  }

  private async toPlan(r: PlanRow): Promise<PaperPlan> {
    const row = this.d.market.coinRows.find((c) => c.id === r.coinId)!;
    const now = this.d.clock.now();
    const need = Math.min(1000, Math.ceil((now - r.createdAt) / FIVE_MIN) + 2);
    const candles = need > 0 && row.timeframes.includes('5m') ? await this.d.source.getCandles(row.symbol, '5m', { limit: need }) : [];
    return {
      id: r.id,
      coin: { id: row.id, symbol: row.symbol },
      created_at: r.createdAt,
      timeframe: r.timeframe,
      bias: r.bias as PaperPlan['bias'],
      entry_low: r.entryLow,
      entry_high: r.entryHigh,
      target: r.target,
      invalidation: r.invalidation,
      result: evaluatePlan(r, candles, now),
    };
  }

  /** Freezes the current short-term strategy of a coin into a paper plan at the clock's now. */
  async create(coin: CoinRef, userId: number, lang: Lang): Promise<PaperPlan> {
    const row = this.d.market.resolve(coin);
    const f = await this.d.ai.facts(row, lang);
    const p = f.strategy.short_term;
    if (!p) throw new AppError('TIMEFRAME_NOT_AVAILABLE', `${row.symbol} has no short-term strategy now`);
    const r = await this.repo.insertPaperPlan({ userId, coinId: row.id, timeframe: p.timeframe, bias: p.bias, entryLow: p.entry_low, entryHigh: p.entry_high, target: p.targets[0] ?? null, invalidation: p.invalidation, horizonHours: p.horizon_hours, createdAt: this.d.clock.now() });
    return this.toPlan(r);
  }

  /** The user's last 10 plans of a coin, newest first, evaluated now. */
  async list(coin: CoinRef, userId: number): Promise<PaperPlan[]> {
    const row = this.d.market.resolve(coin);
    const rows = await this.repo.paperPlans(userId, row.id, 10);
    return Promise.all(rows.map((r) => this.toPlan(r)));
  }
}
