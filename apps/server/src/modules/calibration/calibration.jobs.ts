import type { AiBasedOn, StrategyPair, TaResult, TaTimeframe } from '@coinlens/contracts';
import type { CoinRow } from '../market/market.repository';
import type { CalibrationService } from './calibration.service';

/** The built-in analyst's strategies of a coin now (AiService.builtinStrategies). */
export type BuiltinStrategies = (row: CoinRow) => Promise<{ pair: StrategyPair; basedOn: AiBasedOn; asOf: number }>;

/**
 * The calibration work of the worker role, run by the signals pipeline after each stored analysis
 * (SignalsDeps.onAnalysis): logs the stated probabilities of the analysis (`result`), or with
 * `result` null (the start-up backfill of a coin and timeframe) fills the in-sample history (on
 * 1h also the built-in analyst's strategies over the stored history, then scores the due ones);
 * resolves what became due; on each 1h close records the built-in analyst's strategies of the
 * coin; on each 5m close (and after each backfill step) scores the strategies whose horizon passed.
 */
export function calibrationHook(cal: CalibrationService, builtin: () => BuiltinStrategies | null) {
  return async (row: CoinRow, tf: TaTimeframe, result: TaResult | null, origin: 'live' | 'backfill', stopped: () => boolean): Promise<void> => {
    if (result) await cal.logAnalysis(row, tf, result, origin);
    else {
      await cal.backfill(row, tf, stopped);
      if (tf === '1h' && (await cal.backfillStrategies(row, stopped)) > 0) {
        let scored = 1;
        while (scored > 0 && !stopped()) scored = await cal.scoreDueStrategies();
      }
    }
    const gen = builtin();
    if (result && tf === '1h' && gen) {
      const s = await gen(row);
      await cal.recordStrategies('builtin', row, s.pair, s.basedOn, s.asOf);
    }
    if (tf === '5m') await cal.scoreDueStrategies();
  };
}
