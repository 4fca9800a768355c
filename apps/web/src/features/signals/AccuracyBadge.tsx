import { useTranslation } from 'react-i18next';
import type { LatestAccuracy } from '@coinlens/contracts';
import { timeframeLabel } from '@coinlens/contracts/common/timeframe';
import { Skeleton } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { accuracyText } from './labels';
import { noEdgeWording } from './EdgeText';
import { useLatestAccuracy, usePatternStats } from './queries';


/** Accuracy of the last 7 days, always with its denominator, and per timeframe with pending counts. */
export function LatestAccuracyPanel() {
  const { t } = useTranslation('signals');
  const q = useLatestAccuracy();
  const a: LatestAccuracy | undefined = q.data;
  return (
    <section className="rounded-lg border border-border bg-surface px-3 py-2.5 sm:px-4" data-testid="latest-accuracy" aria-busy={!a}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-[12px] font-medium text-muted" title={t('accuracy.help')}>
          {t('accuracy.title')}
        </h2>
        {a ? (
          <p className="num text-lg font-semibold text-fg" data-testid="latest-accuracy-value">
            {a.total ? accuracyText(t, a) : t('accuracy.none')}
          </p>
        ) : (
          <Skeleton className="h-6 w-36" />
        )}
        {a && a.pending > 0 && <span className="num text-[12px] text-muted">{t('accuracy.pending', { count: a.pending, n: formatNumber(a.pending) })}</span>}
      </div>
      <PatternEdgeLine />
      {a && (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-[12px] text-muted">
          {a.by_timeframe.map((b) => (
            <li key={b.timeframe} className="num" data-timeframe={b.timeframe}>
              {t('accuracy.byTimeframe', { label: timeframeLabel(b.timeframe), value: accuracyText(t, b) })}
              {b.pending > 0 && <span className="ml-1">· {t('accuracy.pending', { count: b.pending, n: formatNumber(b.pending) })}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Accuracy alone is not an edge: how many patterns beat their baseline measurably (95 % interval
 * excluding 0 after Holm over all patterns shown), else the shared "no measurable edge" wording.
 */
function PatternEdgeLine() {
  const { t, i18n } = useTranslation('signals');
  const q = usePatternStats({});
  if (!q.data) return q.isPending ? <Skeleton className="mt-1 h-4 w-64" /> : null;
  const rows = q.data.items.filter((s) => s.all.n > 0);
  if (!rows.length) return null;
  const edges = rows.filter((s) => s.all.verdict === 'edge').length;
  return (
    <p className="mt-1 text-[12px] text-muted" data-testid="accuracy-edge">
      {edges ? t('accuracy.edgeSome', { count: edges, total: rows.length }) : t('accuracy.edgeNone', { total: rows.length, verdict: noEdgeWording(i18n.language) })}
    </p>
  );
}
