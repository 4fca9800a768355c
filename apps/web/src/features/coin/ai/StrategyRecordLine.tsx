import { useTranslation } from 'react-i18next';
import { strategyRecordSplitLine, useStrategyRecord } from '../../signals';

/**
 * One line under a strategy: its author's scored record on the strategy's timeframe over every
 * coin (`GET /api/strategies/record`), out-of-sample (live) and in-sample (start-up backfill) apart,
 * each with n.
 */
export function StrategyRecordLine({ author, timeframe }: { author: string; timeframe: string }) {
  const { t } = useTranslation('signals');
  const live = useStrategyRecord({ origin: 'live' });
  const backfill = useStrategyRecord({ origin: 'backfill' });
  if (live.isPending || backfill.isPending) return <span className="skeleton inline-block h-3 w-48" aria-hidden="true" />;
  if (live.isError || backfill.isError) return null;
  const find = (rows: typeof live.data.rows) => rows.find((r) => r.coin === null && r.author === author && r.timeframe === timeframe);
  return (
    <p className="mt-2 border-t border-border pt-2 text-[11px] text-muted" data-testid="strategy-record-line">
      {strategyRecordSplitLine(t, find(live.data.rows), find(backfill.data.rows), author, timeframe)}
    </p>
  );
}
