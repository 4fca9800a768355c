import { useTranslation } from 'react-i18next';
import { FeatureSlot } from '../../components/ui';
import { CoinTechnicalAnalysis } from './ta/CoinTechnicalAnalysis';

/** Slot: technical analysis (trend, intensity, signals, levels, probabilities, indicators, track record). */
export function TechnicalAnalysisSlot({ symbol }: { symbol: string }) {
  return <CoinTechnicalAnalysis symbol={symbol} />;
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
