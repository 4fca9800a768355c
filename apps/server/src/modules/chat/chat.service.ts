import type { AiStreamEvent, ChatHistory, CoinRef, Lang, Usage } from '@coinlens/contracts';
import { AppError } from '../../platform/errors';
import type { MarketSource } from '../../providers/market/types';
import type { MarketService } from '../market/market.service';
import type { CoinRow } from '../market/market.repository';
import type { QuotaService } from '../billing/quota.service';
import type { AiService } from '../ai/ai.service';
import { basedOnOf } from '../ai/facts';
import { type AssistantFacts, assistantFacts } from './assistant-facts';
import { BuiltinChatWriter } from './builtin-writer';
import type { ChatRepository } from './chat.repository';
import { type QuestionReading, readQuestion } from './intents';
import { answerScope, scopeFacts } from './scope';
import type { ChatWriter } from './writer';

/** Dependencies of {@link ChatService}. */
export interface ChatDeps {
  repo: ChatRepository;
  ai: Pick<AiService, 'facts'>;
  market: MarketService;
  source: MarketSource;
  quota: QuotaService;
  writer: ChatWriter;
  /** Wall clock of stored messages (ms). */
  now?: () => number;
}

/** A question taken: how it was read, and the caller's quota after it (unchanged when it was not counted). */
export interface AcceptedQuestion {
  reading: QuestionReading;
  usage: Usage;
  /** False for a question outside the assistant's scope: it costs no `qa_per_day` unit. */
  counted: boolean;
}

/**
 * The per-coin assistant. A question inside its scope uses one `qa_per_day` unit when accepted
 * (429 CHAT_DAILY_LIMIT_EXCEEDED before any streaming when spent); the unit is given back only
 * when the writer fails before writing anything. A question outside its scope (no intent read)
 * costs nothing and is answered by the built-in analyst with what it can answer, whatever writer
 * is configured. Stopped answers keep their partial text.
 */
export class ChatService {
  private readonly scopeWriter = new BuiltinChatWriter(0);
  constructor(private readonly d: ChatDeps) {}

  get writerName(): string {
    return this.d.writer.by;
  }

  resolve(coin: CoinRef): CoinRow {
    return this.d.market.resolve(coin);
  }

  /** How the assistant reads `content` asked on `row`'s page (intents, coins, horizon, language). */
  read(row: CoinRow, content: string, lang: Lang): QuestionReading {
    return readQuestion(content, row, this.d.market.coinRows, lang);
  }

  /** The writer of the answer to `reading`: the configured one, the built-in analyst for a question outside the scope. */
  writerFor(reading: QuestionReading): ChatWriter {
    return reading.inScope ? this.d.writer : this.scopeWriter;
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

  /**
   * Reads the question, uses one unit of the caller's `qa_per_day` when it is inside the
   * assistant's scope (throws 429 when spent), and stores it (in the question's language).
   */
  async accept(row: CoinRow, userId: number, content: string, lang: Lang): Promise<AcceptedQuestion> {
    const reading = this.read(row, content, lang);
    const usage = reading.inScope ? await this.d.quota.consumeQuota(userId, 'qa_per_day') : await this.d.quota.usage(userId, 'qa_per_day');
    await this.d.repo.add({ userId, coinId: row.id, role: 'user', content, lang: reading.lang, status: 'complete', at: (this.d.now ?? Date.now)() });
    return { reading, usage, counted: reading.inScope };
  }

  /** The facts an answer to `reading` rests on: its subject coin's, with the compared coin's and the horizon's base rates. */
  async facts(row: CoinRow, reading: QuestionReading): Promise<AssistantFacts> {
    const subject = reading.subject === row.symbol ? row : this.d.market.resolve(reading.subject);
    const f = await assistantFacts({ ai: this.d.ai, source: this.d.source }, subject, reading.lang, reading.horizonHours);
    if (reading.other) f.other = await assistantFacts({ ai: this.d.ai, source: this.d.source }, this.d.market.resolve(reading.other), reading.lang, reading.horizonHours);
    return f;
  }

  /**
   * Writes the answer to an accepted question, emitting `delta` / `thinking` events, then stores it
   * and emits `done` (or `error`). `signal` aborts (the client went away or pressed stop).
   */
  async answer(row: CoinRow, userId: number, q: AcceptedQuestion, emit: (e: AiStreamEvent) => void, signal: AbortSignal): Promise<void> {
    const { reading, usage } = q;
    const writer = this.writerFor(reading);
    let text = '';
    let status: 'complete' | 'stopped' | 'error' = 'complete';
    let basedOn = null;
    let failure: { code: string; message: string } | null = null;
    try {
      const facts = await this.facts(row, reading);
      const history = (await this.d.repo.conversation(userId, row.id, 13)).slice(0, -1).filter((m) => m.status !== 'error').map((m) => ({ role: m.role, content: m.content }));
      for await (const c of writer.answer({ facts, reading, question: reading.question, lang: reading.lang, history, signal })) {
        if (signal.aborted) break;
        if (c.type === 'delta') text += c.text;
        emit(c);
      }
      if (reading.inScope) {
        // the data the answer rests on: the question's timeframes only, news when it is about news
        const scope = answerScope(facts, reading.question, reading, { forModel: writer.by !== 'builtin' });
        const sf = scopeFacts(facts, scope);
        const on = basedOnOf(sf, { news: scope.news });
        if (sf.other) on.candles.push(...basedOnOf(sf.other, { news: false }).candles);
        basedOn = on;
      }
      if (signal.aborted) status = 'stopped';
    } catch (e) {
      if (signal.aborted) status = 'stopped';
      else {
        status = 'error';
        failure = e instanceof AppError ? { code: e.code, message: e.message } : { code: 'LLM_UNAVAILABLE', message: 'The model server did not answer' };
      }
    }
    if (status === 'error' && !text && q.counted) await this.d.quota.releaseQuota(userId, 'qa_per_day', usage);
    const id = await this.d.repo.add({ userId, coinId: row.id, role: 'assistant', content: text, lang: reading.lang, status, by: writer.by, basedOn, at: (this.d.now ?? Date.now)() });
    if (failure) emit({ type: 'error', ...failure });
    else {
      const after = status === 'error' && !text ? await this.d.quota.usage(userId, 'qa_per_day') : usage;
      emit({ type: 'done', message_id: String(id), by: writer.by, based_on: basedOn ?? undefined, usage: after });
    }
  }
}
