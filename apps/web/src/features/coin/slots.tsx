import { useTranslation } from 'react-i18next';
import { FeatureSlot } from '../../components/ui';

/** Slot: technical analysis (indicators, levels, signals, K-line insights). Replaced by the TA work. */
export function TechnicalAnalysisSlot({ symbol: _symbol }: { symbol: string }) {
  const { t } = useTranslation('coin');
  return <FeatureSlot name="coin-technical-analysis" title={t('slots.analysis')} body={t('slots.analysisEmpty')} />;
}

/** Slot: 24 h AI highlights and AI strategy (short and medium/long term). Replaced by the AI work. */
export function AiInsightsSlot({ symbol: _symbol }: { symbol: string }) {
  const { t } = useTranslation('coin');
  return <FeatureSlot name="coin-ai-insights" title={t('slots.ai')} body={t('slots.aiEmpty')} />;
}

/** Slot: the chat assistant for this coin. Replaced by the chat work. */
export function ChatSlot({ symbol }: { symbol: string }) {
  const { t } = useTranslation('coin');
  return <FeatureSlot name="coin-chat" title={t('slots.chat', { symbol })} body={t('slots.chatEmpty')} />;
}
