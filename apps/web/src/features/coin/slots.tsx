import type { Coin, CoinRef } from '@coinlens/contracts';
import { CoinTechnicalAnalysis } from './ta/CoinTechnicalAnalysis';
import { CoinAiPanel } from './ai/CoinAiPanel';
import { ChatPanel } from '../chat/ChatPanel';

/** Slot: technical analysis (trend, intensity, signals, levels, probabilities, indicators, track record) of the page's coin. */
export function TechnicalAnalysisSlot({ coin }: { coin: Coin }) {
  return <CoinTechnicalAnalysis coin={coin} />;
}

/** Slot: 24 h AI highlights, K-line insights, AI strategy (short and medium/long term) and the trading-agent notice. */
export function AiInsightsSlot({ coinRef, symbol }: { coinRef: CoinRef; symbol: string }) {
  return <CoinAiPanel coinId={coinRef} symbol={symbol} />;
}

/** Slot: the chat assistant for this coin. */
export function ChatSlot({ coinRef, symbol }: { coinRef: CoinRef; symbol: string }) {
  return <ChatPanel coinId={coinRef} symbol={symbol} />;
}
