import type { TaResult, TaTimeframe } from '@coinlens/contracts';
import type { CoinRow } from '../market/market.repository';

/**
 * An analysis of a closed candle was stored by the signals pipeline. `live`: a candle close, with
 * its `result`; `backfill`: a step of the start-up backfill, then once per coin and timeframe with
 * `result` null (the backfill of that series is done). `stopped` tells a long reaction (backfill)
 * that the process is shutting down.
 */
export interface AnalysisStored {
  row: CoinRow;
  tf: TaTimeframe;
  result: TaResult | null;
  origin: 'live' | 'backfill';
  stopped: () => boolean;
}

/** In-process events of the signals module (platform/events), by name. */
export interface SignalsEvents {
  /** Emitted by SignalsPipeline after each stored analysis; calibration, the AI's built-in strategies and the alerts evaluator react. */
  'signals.analysisStored': AnalysisStored;
}
