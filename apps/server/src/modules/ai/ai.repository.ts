import { and, eq, sql } from 'drizzle-orm';
import { aiContents, strategyGenerations, type DatabaseHandle } from '@coinlens/db';

/** Cached AI content and strategy generations (tables of packages/db schema/chat.ts). */
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

  /** Records that `userId` asked for the strategy of (coin, basis candle); true when this is the first time. */
  async recordGeneration(userId: number, coinId: number, candleTime: number, at: number): Promise<boolean> {
    const r = await this.h.db.insert(strategyGenerations).values({ userId, coinId, candleTime, createdAt: at }).onConflictDoNothing().returning({ u: strategyGenerations.userId });
    return r.length > 0;
  }

  async forgetGeneration(userId: number, coinId: number, candleTime: number): Promise<void> {
    await this.h.db.delete(strategyGenerations).where(and(eq(strategyGenerations.userId, userId), eq(strategyGenerations.coinId, coinId), eq(strategyGenerations.candleTime, candleTime)));
  }

  async hasGeneration(userId: number, coinId: number, candleTime: number): Promise<boolean> {
    const r = await this.h.query<{ n: number }>(sql`select count(*)::int as n from strategy_generations where user_id = ${userId} and coin_id = ${coinId} and candle_time = ${candleTime}`);
    return Number(r[0]?.n ?? 0) > 0;
  }
}
