import { useTranslation } from 'react-i18next';
import { strategyRecordLine, useStrategyRecord } from '../../signals/CalibrationView';

/**
 * One line under a strategy: its author's scored record on the strategy's timeframe over every
 * coin (`GET /api/strategies/record`), with n, or "no scored strategies yet".
 */
export function StrategyRecordLine({ author, timeframe }: { author: string; timeframe: string }) {
  const { t } = useTranslation('signals');
  const q = useStrategyRecord();
  if (q.isPending) return <span className="skeleton inline-block h-3 w-48" aria-hidden="true" />;
  if (q.isError) return null;
  const row = q.data.rows.find((r) => r.coin === null && r.author === author && r.timeframe === timeframe);
  return (
    <p className="mt-2 border-t border-border pt-2 text-[11px] text-muted" data-testid="strategy-record-line">
      {strategyRecordLine(t, row, author, timeframe)}
    </p>
  );
}
