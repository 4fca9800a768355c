/**
 * The market clock. Everything that asks "now" for market data and news asks the
 * clock: in replay it runs from `start` at `speed`, in live mode it is wall time. Accounts, codes
 * and memberships use wall time (`Date.now()`), never this clock.
 */
export interface Clock {
  readonly mode: 'replay' | 'live';
  /** Milliseconds since epoch, UTC. */
  now(): number;
  /** Replay speed (1 = real time); 1 in live mode. */
  readonly speed: number;
  /** Replay start (ms) or null in live mode. */
  readonly start: number | null;
}

/** Wall-time clock for live market data. */
export class LiveClock implements Clock {
  readonly mode = 'live' as const;
  readonly speed = 1;
  readonly start = null;
  now(): number {
    return Date.now();
  }
}

/**
 * The exchange's clock for live market data: wall time plus the largest lead of an exchange event
 * time over it seen so far (`observe`, called with each stream message's event time). On the real
 * exchange the lead is about zero (the message took time to arrive), so this is wall time; a local
 * stand-in of the exchange that runs its market faster than real time moves it forward with each
 * message, so a candle the exchange reports closed is closed here too. Never goes back.
 */
export class ExchangeClock implements Clock {
  readonly mode = 'live' as const;
  readonly speed = 1;
  readonly start = null;
  private lead = 0;
  constructor(private readonly wall: () => number = Date.now) {}
  now(): number {
    return this.wall() + this.lead;
  }
  /** An event time (ms) of the exchange. */
  observe(t: number): void {
    const lead = t - this.wall();
    if (lead > this.lead) this.lead = lead;
  }
}

/**
 * Replay clock: `now = start + (wall − anchorWall) × speed`, wrapping to `start` when it passes
 * `end` (so a long-running demo keeps replaying its window). `anchorWall` is shared by all
 * processes through the database (see market/replay-anchor), so N processes agree on "now".
 */
export class ReplayClock implements Clock {
  readonly mode = 'replay' as const;
  constructor(
    readonly start: number,
    readonly speed: number,
    private readonly anchorWall: number,
    private readonly end: number = Number.POSITIVE_INFINITY,
    private readonly wall: () => number = Date.now,
  ) {}
  now(): number {
    const elapsed = Math.max(0, this.wall() - this.anchorWall) * this.speed;
    const span = this.end - this.start;
    if (Number.isFinite(span) && span > 0) return this.start + (elapsed % span);
    return this.start + elapsed;
  }
}

/** A clock tests set by hand. */
export class ManualClock implements Clock {
  readonly mode: 'replay' | 'live';
  readonly speed = 1;
  constructor(private t: number, mode: 'replay' | 'live' = 'replay', readonly start: number | null = t) {
    this.mode = mode;
  }
  now(): number {
    return this.t;
  }
  set(t: number): void {
    this.t = t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
