import { and, desc, eq, sql } from 'drizzle-orm';
import { aiContents, paperPlans, strategyGenerations, type Database, type DatabaseHandle } from '@coinlens/db';

/** One row of `paper_plans`: a strategy frozen at the clock's now (prices in USD). */
export type PaperPlanRow = typeof paperPlans.$inferSelect;

/** Cached AI content, strategy generations and paper plans (tables of packages/db schema/chat.ts). */
export class AiRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** The cached content of (coin, kind, basis candle, lang), or null. */
  async content<T>(coinId: number, kind: string, candleTime: number, lang: string): Promise<{ by: string; content: T; generatedAt: number } | null> {
    const [r] = await this.h.db
      .select({ by: aiContents.by, content: aiContents.content, generatedAt: aiContents.generatedAt })
      .from(aiContents)
      .where(and(eq(aiContents.coinId, coinId), eq(aiContents.kind, kind), eq(aiContents.candleTime, candleTime), eq(aiContents.lang, lang)));
    return r ? { by: r.by, content: r.content as T, generatedAt: Number(r.generatedAt) } : null;
  }

  /** Stores content unless another process stored it first; returns what is stored. */
  async saveContent<T>(coinId: number, kind: string, candleTime: number, lang: string, by: string, content: T, generatedAt: number): Promise<{ by: string; content: T; generatedAt: number }> {
    await this.h.db.insert(aiContents).values({ coinId, kind, candleTime, lang, by, content, generatedAt }).onConflictDoNothing();
    return (await this.content<T>(coinId, kind, candleTime, lang))!;
  }

  /** Runs `fn` in one database transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T> {
    return this.h.db.transaction((tx) => fn(tx as unknown as Database));
  }

  /**
   * Records that `userId` asked for the strategy of (coin, basis candle), in `tx` when given; true
   * when this is the first time. Inside a transaction, a concurrent insert of the same key waits on
   * the unique key until that transaction ends, so an uncommitted record is never taken as paid.
   */
  async recordGeneration(userId: number, coinId: number, candleTime: number, at: number, tx: Database = this.h.db): Promise<boolean> {
    const r = await tx.insert(strategyGenerations).values({ userId, coinId, candleTime, createdAt: at }).onConflictDoNothing().returning({ u: strategyGenerations.userId });
    return r.length > 0;
  }

  /** Deletes the record of (user, coin, basis candle), in `tx` when given. */
  async forgetGeneration(userId: number, coinId: number, candleTime: number, tx: Database = this.h.db): Promise<void> {
    await tx.delete(strategyGenerations).where(and(eq(strategyGenerations.userId, userId), eq(strategyGenerations.coinId, coinId), eq(strategyGenerations.candleTime, candleTime)));
  }

  async hasGeneration(userId: number, coinId: number, candleTime: number): Promise<boolean> {
    const r = await this.h.query<{ n: number }>(sql`select count(*)::int as n from strategy_generations where user_id = ${userId} and coin_id = ${coinId} and candle_time = ${candleTime}`);
    return Number(r[0]?.n ?? 0) > 0;
  }

  /** Stores a paper plan and returns it. */
  async insertPaperPlan(row: typeof paperPlans.$inferInsert): Promise<PaperPlanRow> {
    const [r] = await this.h.db.insert(paperPlans).values(row).returning();
    return r;
  }

  /** The newest `limit` paper plans of (user, coin), newest first. */
  paperPlans(userId: number, coinId: number, limit: number): Promise<PaperPlanRow[]> {
    return this.h.db.select().from(paperPlans).where(and(eq(paperPlans.userId, userId), eq(paperPlans.coinId, coinId))).orderBy(desc(paperPlans.id)).limit(limit);
  }
}
