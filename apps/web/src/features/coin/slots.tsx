import { CoinTechnicalAnalysis } from './ta/CoinTechnicalAnalysis';
import { CoinAiPanel } from './ai/CoinAiPanel';
import { ChatPanel } from '../chat/ChatPanel';

/** Slot: technical analysis (trend, intensity, signals, levels, probabilities, indicators, track record). */
export function TechnicalAnalysisSlot({ symbol }: { symbol: string }) {
  return <CoinTechnicalAnalysis symbol={symbol} />;
}

/** Slot: 24 h AI highlights, K-line insights, AI strategy (short and medium/long term) and the trading-agent notice. */
export function AiInsightsSlot({ symbol }: { symbol: string }) {
  return <CoinAiPanel coinId={symbol} symbol={symbol} />;
}

/** Slot: the chat assistant for this coin. */
export function ChatSlot({ symbol }: { symbol: string }) {
  return <ChatPanel coinId={symbol} symbol={symbol} />;
}
