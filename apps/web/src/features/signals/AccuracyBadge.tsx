import { Trans, useTranslation } from 'react-i18next';
import type { EdgeStat, LatestAccuracy } from '@coinlens/contracts';
import { formatEdge } from '@coinlens/contracts/signals/edge-stats';
import { timeframeLabel } from '@coinlens/contracts/common/timeframe';
import { Skeleton } from '../../components/ui';
import { formatNumber } from '../../lib/format';
import { accuracyText, ratePct, sampleText } from './labels';
import { noEdgeWording } from './EdgeText';
import { useLatestAccuracy, usePatternStats } from './queries';

const VERDICT_CLASS = { edge: 'text-up', worse: 'text-down', none: 'text-muted' } as const;

/**
 * A 7-day hit rate beside its base rate: "Hit rate 58 % (n = 1,234) vs base rate 52 %
 * → edge +6.0 pp (95 % CI +3.1 to +8.9)", or "… → no measurable edge (…)"; the verdict is the one
 * shared wording (formatEdge, short), coloured by verdict. Wraps on narrow screens.
 */
export function AccuracyVsBase({ stat, className = '' }: { stat: EdgeStat; className?: string }) {
  const { t, i18n } = useTranslation('signals');
  return (
    <p className={`num break-words text-muted ${className}`} data-testid="accuracy-vs-base" data-verdict={stat.verdict} title={t('accuracy.baseHelp')}>
      <Trans
        t={t}
        i18nKey="accuracy.vsBase"
        values={{ pct: ratePct(stat.hit_rate), sample: sampleText(t, stat), base: ratePct(stat.baseline.p), verdict: formatEdge(stat, i18n.language, 'short') }}
        components={{ v: <span className={VERDICT_CLASS[stat.verdict]} /> }}
      />
    </p>
  );
}

/** Accuracy of the last 7 days, always with its denominator, and per timeframe with pending counts. */
export function LatestAccuracyPanel() {
  const { t, i18n } = useTranslation('signals');
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
      {a && a.total > 0 && <AccuracyVsBase stat={a.edge} className="mt-0.5 text-[13px]" />}
      <PatternEdgeLine />
      {a && (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-[12px] text-muted">
          {a.by_timeframe.map((b) => (
            <li key={b.timeframe} className="num" data-timeframe={b.timeframe}>
              {b.total ? t('accuracy.byTimeframe', { label: timeframeLabel(b.timeframe), value: accuracyText(t, b) }) : <span data-testid="timeframe-unscored">{t(`accuracy.unscored.${timeframeLabel(b.timeframe)}`)}</span>}
              {b.pending > 0 && <span className="ml-1">· {t('accuracy.pending', { count: b.pending, n: formatNumber(b.pending) })}</span>}
              {b.total > 0 && (
                <span className="ml-1" data-testid="timeframe-edge">
                  · {t('accuracy.tfBase', { base: ratePct(b.edge.baseline.p) })} · <span className={VERDICT_CLASS[b.edge.verdict]}>{formatEdge(b.edge, i18n.language, 'short')}</span>
                </span>
              )}
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
