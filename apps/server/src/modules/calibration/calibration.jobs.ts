import type { AnalysisStored } from '../signals/signals.events';
import type { CalibrationService } from './calibration.service';

/**
 * The calibration work after each stored analysis (the `signals.analysisStored` reaction, added to
 * the bus where the calibration is built): logs the stated probabilities of the analysis
 * (`result`), or with `result` null (the start-up backfill of a coin and timeframe) fills the
 * in-sample history (on 1h also the built-in analyst's strategies over the stored history, then
 * scores the due ones); resolves what became due; on each 5m close (one pass shared by every pair
 * of the close) and after each 5m backfill step scores the strategies whose horizon passed. The
 * built-in analyst's strategies of each 1h close are recorded by the AI module's own reaction
 * (modules/ai/ai.ts), added after this one.
 */
export function calibrationHook(cal: CalibrationService) {
  return async ({ row, tf, result, origin, stopped }: AnalysisStored): Promise<void> => {
    if (result) await cal.logAnalysis(row, tf, result, origin);
    else {
      await cal.backfill(row, tf, stopped);
      if (tf === '1h' && (await cal.backfillStrategies(row, stopped)) > 0) {
        let scored = 1;
        while (scored > 0 && !stopped()) scored = await cal.scoreDueStrategies();
      }
    }
    if (tf === '5m') await (result ? cal.scoreDueStrategiesOfClose() : cal.scoreDueStrategies());
  };
}
