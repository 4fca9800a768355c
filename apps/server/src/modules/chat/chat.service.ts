import type { AiStreamEvent, ChatHistory, CoinRef, Lang, Usage } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { QuotaService } from '../billing/quota.service';
import type { AiService } from '../ai/ai.service';
import { basedOnOf } from '../ai/facts';
import type { ChatRepository } from './chat.repository';
import { answerScope, scopeFacts } from './scope';
import type { ChatWriter } from './writer';

/** Dependencies of {@link ChatService}. */
export interface ChatDeps {
  repo: ChatRepository;
  ai: AiService;
  market: MarketService;
  quota: QuotaService;
  writer: ChatWriter;
  /** Wall clock of stored messages (ms). */
  now?: () => number;
}

/**
 * The per-coin assistant. A question uses one `qa_per_day` unit when accepted
 * (429 CHAT_DAILY_LIMIT_EXCEEDED before any streaming when spent); the unit is given back only
 * when the writer fails before writing anything. Stopped answers keep their partial text.
 */
export class ChatService {
  constructor(private readonly d: ChatDeps) {}

  get writerName(): string {
    return this.d.writer.by;
  }

  resolve(coin: CoinRef): CoinRow {
    return this.d.market.resolve(coin);
  }

  /** GET /api/chat/{coin}/messages. */
  async history(coin: CoinRef, userId: number): Promise<ChatHistory> {
    const row = this.resolve(coin);
    return {
      coin: { id: row.id, symbol: row.symbol, name: row.name },
      messages: await this.d.repo.conversation(userId, row.id),
      usage: await this.d.quota.usage(userId, 'qa_per_day'),
      writer: this.d.writer.by,
    };
  }

  /** Uses one unit of the caller's `qa_per_day` (throws 429 when spent) and stores the question. */
  async accept(row: CoinRow, userId: number, content: string, lang: Lang): Promise<Usage> {
    const usage = await this.d.quota.consumeQuota(userId, 'qa_per_day');
    await this.d.repo.add({ userId, coinId: row.id, role: 'user', content, lang, status: 'complete', at: (this.d.now ?? Date.now)() });
    return usage;
  }

  /**
   * Writes the answer to an accepted question, emitting `delta` / `thinking` events, then stores it
   * and emits `done` (or `error`). `signal` aborts (the client went away or pressed stop).
   */
  async answer(row: CoinRow, userId: number, content: string, lang: Lang, usage: Usage, emit: (e: AiStreamEvent) => void, signal: AbortSignal): Promise<void> {
    let text = '';
    let status: 'complete' | 'stopped' | 'error' = 'complete';
    let basedOn = null;
    let failure: { code: string; message: string } | null = null;
    try {
      const facts = await this.d.ai.facts(row, lang);
      const history = (await this.d.repo.conversation(userId, row.id, 13)).slice(0, -1).filter((m) => m.status !== 'error').map((m) => ({ role: m.role, content: m.content }));
      for await (const c of this.d.writer.answer({ facts, question: content, lang, history, signal })) {
        if (signal.aborted) break;
        if (c.type === 'delta') text += c.text;
        emit(c);
      }
      // the data the answer rests on: the question's timeframes only, news when it is about news
      const scope = answerScope(facts, content, { forModel: this.d.writer.by !== 'builtin' });
      basedOn = basedOnOf(scopeFacts(facts, scope), { news: scope.news });
      if (signal.aborted) status = 'stopped';
    } catch (e) {
      if (signal.aborted) status = 'stopped';
      else {
        status = 'error';
        failure = e instanceof AppError ? { code: e.code, message: e.message } : { code: 'LLM_UNAVAILABLE', message: 'The model server did not answer' };
      }
    }
    if (status === 'error' && !text) await this.d.quota.releaseQuota(userId, 'qa_per_day', usage);
    const id = await this.d.repo.add({ userId, coinId: row.id, role: 'assistant', content: text, lang, status, by: this.d.writer.by, basedOn, at: (this.d.now ?? Date.now)() });
    if (failure) emit({ type: 'error', ...failure });
    else {
      const after = status === 'error' && !text ? await this.d.quota.usage(userId, 'qa_per_day') : usage;
      emit({ type: 'done', message_id: String(id), by: this.d.writer.by, based_on: basedOn ?? undefined, usage: after });
    }
  }
}
