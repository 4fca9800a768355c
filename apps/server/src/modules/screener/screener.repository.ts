import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '@coinlens/db';

/** A stored saved screen (`saved_screens`), times ms (wall), with the id and state of its enter alert rule when one exists. */
export interface SavedScreenRow {
  id: number;
  user_id: number;
  name: string;
  timeframe: string;
  definition: unknown;
  created_at: number;
  updated_at: number;
  rule_id: number | null;
  rule_active: boolean | null;
}

/** The enter alerts' memory of one (screen, coin): matched or not at the candle opening at `candle_time`, under the screen as of `screen_updated_at`. */
export interface ScreenMatchRow {
  screen_id: number;
  coin_id: number;
  matched: boolean;
  candle_time: number;
  screen_updated_at: number;
}

/**
 * First key of the per-user saved-screen limit advisory lock (`pg_advisory_xact_lock(SCREEN_LIMIT_LOCK,
 * userId)`), a two-key lock space apart from the one-key `LOCKS` and the alerts' spaces.
 */
export const SCREEN_LIMIT_LOCK = 7_301_117;

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const n = (x: unknown): number => Number(x);
const toRow = (r: Record<string, unknown>): SavedScreenRow => ({
  id: n(r.id),
  user_id: n(r.user_id),
  name: String(r.name),
  timeframe: String(r.timeframe),
  definition: typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition,
  created_at: n(r.created_at),
  updated_at: n(r.updated_at),
  rule_id: r.rule_id == null ? null : n(r.rule_id),
  rule_active: r.rule_active == null ? null : Boolean(r.rule_active),
});

/** The enter alert rule of each screen: the newest alert rule of kind `screen` naming it. */
const withRule = sql`left join lateral (select a.id as rule_id, a.active as rule_active from alert_rules a
  where a.user_id = s.user_id and a.kind = 'screen' and (a.params->>'screen_id')::int = s.id order by a.id desc limit 1) r on true`;

/** The SQL of the screener: saved screens (with the plan limit under a per-user lock) and the enter alerts' match memory. */
export class ScreenerRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** The saved screens of `userId`, newest first, each with its enter alert rule (if any). */
  async list(userId: number): Promise<SavedScreenRow[]> {
    const rows = await this.h.query<Record<string, unknown>>(sql`select s.*, r.rule_id, r.rule_active from saved_screens s ${withRule} where s.user_id = ${userId} order by s.id desc`);
    return rows.map(toRow);
  }

  /** Saved screen `id` of `userId` (null when it is not theirs). */
  async one(userId: number, id: number): Promise<SavedScreenRow | null> {
    const [r] = await this.h.query<Record<string, unknown>>(sql`select s.*, r.rule_id, r.rule_active from saved_screens s ${withRule} where s.id = ${id} and s.user_id = ${userId}`);
    return r ? toRow(r) : null;
  }

  /** Saved screens by id (any user), e.g. those the active enter alerts name. */
  async byIds(ids: number[]): Promise<SavedScreenRow[]> {
    if (!ids.length) return [];
    const rows = await this.h.query<Record<string, unknown>>(sql`select s.*, null as rule_id, null as rule_active from saved_screens s where s.id = any(${`{${ids.map((x) => Math.trunc(x)).join(',')}}`}::int[])`);
    return rows.map(toRow);
  }

  /** Inserts a screen while `userId` keeps fewer than `limit`, counted under the user's lock; null at the limit. */
  async insert(userId: number, name: string, timeframe: string, definition: unknown, limit: number, now: number): Promise<SavedScreenRow | null> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      await tx.execute(sql`select pg_advisory_xact_lock(${SCREEN_LIMIT_LOCK}::int, ${userId}::int)`);
      const [c] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from saved_screens where user_id = ${userId}`));
      if (n(c?.n ?? 0) >= limit) return null;
      const [r] = rowsOf<Record<string, unknown>>(await tx.execute(sql`insert into saved_screens (user_id, name, timeframe, definition, created_at, updated_at)
        values (${userId}::int, ${name}::text, ${timeframe}::text, ${JSON.stringify(definition)}::jsonb, ${now}::bigint, ${now}::bigint) returning *, null as rule_id, null as rule_active`));
      return r ? toRow(r) : null;
    }) as Promise<SavedScreenRow | null>;
  }

  /** Replaces the name and definition of screen `id` of `userId` (its match memory is dropped: a new baseline); false when not theirs. */
  async update(userId: number, id: number, name: string, timeframe: string, definition: unknown, now: number): Promise<boolean> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const r = rowsOf(await tx.execute(sql`update saved_screens set name = ${name}, timeframe = ${timeframe}, definition = ${JSON.stringify(definition)}::jsonb, updated_at = greatest(${now}::bigint, updated_at + 1)
        where id = ${id} and user_id = ${userId} returning id`));
      if (!r.length) return false;
      await tx.execute(sql`delete from screen_matches where screen_id = ${id}`);
      return true;
    }) as Promise<boolean>;
  }

  /** Deletes screen `id` of `userId` with its enter alert rules (their fired alerts go with them); false when not theirs. */
  async remove(userId: number, id: number): Promise<boolean> {
    return this.h.db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const r = rowsOf(await tx.execute(sql`delete from saved_screens where id = ${id} and user_id = ${userId} returning id`));
      if (!r.length) return false;
      await tx.execute(sql`delete from alert_rules where user_id = ${userId} and kind = 'screen' and (params->>'screen_id')::int = ${id}`);
      return true;
    }) as Promise<boolean>;
  }

  /** Whether screen `id` belongs to `userId`. */
  async owns(userId: number, id: number): Promise<boolean> {
    return (await this.h.query(sql`select 1 from saved_screens where id = ${id} and user_id = ${userId}`)).length > 0;
  }

  /** The match memory of `coinId` for the given screens. */
  async matchesOf(coinId: number, screenIds: number[]): Promise<ScreenMatchRow[]> {
    if (!screenIds.length) return [];
    const rows = await this.h.query<Record<string, unknown>>(sql`select * from screen_matches where coin_id = ${coinId} and screen_id = any(${`{${screenIds.map((x) => Math.trunc(x)).join(',')}}`}::int[])`);
    return rows.map((r) => ({ screen_id: n(r.screen_id), coin_id: n(r.coin_id), matched: Boolean(r.matched), candle_time: n(r.candle_time), screen_updated_at: n(r.screen_updated_at) }));
  }

  /** Records whether each screen matched `coinId` at the candle opening at `candleTime` (a candle older than the stored one is ignored). */
  async saveMatches(coinId: number, rows: { screenId: number; matched: boolean; screenUpdatedAt: number }[], candleTime: number): Promise<void> {
    for (const r of rows) {
      await this.h.query(sql`insert into screen_matches (screen_id, coin_id, matched, candle_time, screen_updated_at)
        values (${r.screenId}::int, ${coinId}::int, ${r.matched}::boolean, ${candleTime}::bigint, ${r.screenUpdatedAt}::bigint)
        on conflict (screen_id, coin_id) do update set matched = excluded.matched, candle_time = excluded.candle_time, screen_updated_at = excluded.screen_updated_at
        where screen_matches.candle_time <= excluded.candle_time`);
    }
  }
}
