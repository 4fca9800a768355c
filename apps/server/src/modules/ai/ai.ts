import type { DatabaseHandle } from '@coinlens/db';
import type { Clock } from '../../platform/clock';
import type { MarketSource } from '../../providers/market/types';
import type { LlmClient } from '../../providers/llm/types';
import type { MarketService } from '../market/market.service';
import type { NewsReads } from '../news/news.reads';
import type { SignalsReads } from '../signals/signals.reads';
import type { QuotaService } from '../billing/quota.service';
import { AiRepository } from './ai.repository';
import { AiService, type AiDeps } from './ai.service';
import { LabService } from './lab.service';
import { ModelProseWriter } from './model-writer';
import { ChatRepository } from '../chat/chat.repository';
import { ChatService } from '../chat/chat.service';
import { BuiltinChatWriter } from '../chat/builtin-writer';
import { LlmChatWriter } from '../chat/llm-writer';
import type { ReadModels } from '../../platform/read-models';
import type { EventBus } from '../../platform/events';
import type { SignalsEvents } from '../signals/signals.events';

/**
 * The AI services of a process (`ctx.ai`): coin page content (`service`; built-in texts, rewritten by
 * the model when `llm` is set), the assistant (`chat`,
 * written by the built-in analyst, or by the model when `llm` is set) and the lab preview (`lab`).
 */
export interface Ai {
  service: AiService;
  chat: ChatService;
  lab: LabService;
}

/**
 * Builds the AI services from the shared context pieces. With `events`, each stored 1h analysis
 * (`signals.analysisStored` with a result) has the built-in analyst write the coin's strategies,
 * handed to `onStrategies` as written by `builtin` (the calibration's strategy record).
 */
export function createAi(d: {
  db: DatabaseHandle;
  market: MarketService;
  signals: SignalsReads;
  news: NewsReads;
  source: MarketSource;
  clock: Clock;
  quota: QuotaService;
  llm: LlmClient | null;
  readModels?: ReadModels;
  log?: (m: string) => void;
  onStrategies?: AiDeps['onStrategies'];
  setupRecords?: AiDeps['setupRecords'];
  events?: EventBus<SignalsEvents>;
}): Ai {
  const repo = new AiRepository(d.db);
  const service = new AiService({ repo, market: d.market, signals: d.signals, news: d.news, source: d.source, clock: d.clock, quota: d.quota, prose: d.llm ? new ModelProseWriter(d.llm, d.log) : null, readModels: d.readModels, onStrategies: d.onStrategies, setupRecords: d.setupRecords });
  const writer = d.llm ? new LlmChatWriter(d.llm) : new BuiltinChatWriter();
  const chat = new ChatService({ repo: new ChatRepository(d.db), ai: service, market: d.market, source: d.source, quota: d.quota, writer });
  const lab = new LabService({ repo, ai: service, market: d.market, source: d.source, clock: d.clock });
  const onStrategies = d.onStrategies;
  if (d.events && onStrategies)
    d.events.on('signals.analysisStored', async ({ row, tf, result }) => {
      if (!result || tf !== '1h') return;
      const s = await service.builtinStrategies(row);
      await onStrategies('builtin', row, s.pair, s.basedOn, s.asOf);
    });
  return { service, chat, lab };
}
