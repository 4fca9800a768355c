import { useTranslation } from 'react-i18next';
import type { PatternStat, TrackRecordItem } from '@coinlens/contracts';
import { edgeStat } from '@coinlens/contracts/signals/edge-stats';
import { formatDateTimeUtc } from '../../../lib/format';
import { EdgeText, signalName } from '../../signals';

const NONE = edgeStat(0, 0, null, 0);

/**
 * Tooltip of a signal marker on the coin chart ("conflicting signals" when both directions fired on
 * the candle): each signal of the candle with its outcome and its
 * pattern's record on this timeframe in the shared wording (hit rate, baseline, n, edge with 95 %
 * interval, or "no measurable edge" — also when the pattern has no scored signal in the window).
 */
export function MarkerTip({ items, stats }: { items: TrackRecordItem[]; stats: Map<string, PatternStat> }) {
  const { t, i18n } = useTranslation('signals');
  const conflicting = items.some((it) => it.direction === 'bullish') && items.some((it) => it.direction === 'bearish');
  return (
    <div className="flex flex-col gap-1">
      <span className="num text-[11px] text-muted">{formatDateTimeUtc(items[0].candle_time, i18n.language)}</span>
      {conflicting && <span className="text-[11px] font-semibold text-amber-700 dark:text-amber-300" data-testid="marker-conflicting">{t('verdict.conflicting')}</span>}
      {items.map((it) => (
        <div key={it.id} className="flex flex-col" data-label={it.label}>
          <span className="font-medium">
            {signalName(it.name, it.label, i18n.language)} · {t(`direction.${it.direction}`)} · {t(`track.status.${it.status}`)}
          </span>
          <EdgeText stat={stats.get(it.label)?.all ?? NONE} mode="full" className="num text-[11px]" />
        </div>
      ))}
    </div>
  );
}
