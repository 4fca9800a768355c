import { useTranslation } from 'react-i18next';
import type { SourceDelays as SourceDelaysData } from '@coinlens/contracts';
import { Panel, Skeleton } from '../../../components/ui';
import { formatNumber } from '../../../lib/format';
import { useSourceDelays } from '../feeds-api';

/** Whole seconds as "38 s" / "38 秒", minutes from 120 s on ("4 min"). */
function Seconds({ s }: { s: number }) {
  const { t } = useTranslation('feeds');
  return <>{s >= 120 ? t('delays.minutes', { n: formatNumber(Math.round(s / 60)) }) : t('delays.seconds', { n: formatNumber(s) })}</>;
}

/** The figures of one source: first seen after publication (median, p95, n) and processed after first seen. */
function Row({ d }: { d: SourceDelaysData['sources'][number] }) {
  const { t } = useTranslation('feeds');
  return (
    <li className="px-4 py-2" data-testid="source-delay">
      <p className="truncate text-[13px] font-medium text-fg">{d.source}</p>
      <p className="num text-[12px] text-fg">
        {t('delays.seen')} <Seconds s={d.seen_p50_s} />, {t('delays.p95')} <Seconds s={d.seen_p95_s} />, n = {formatNumber(d.n)}
      </p>
      <p className="num text-[11px] text-muted">
        {t('delays.processed')} <Seconds s={d.processed_p50_s} />, {t('delays.p95')} <Seconds s={d.processed_p95_s} />
      </p>
    </li>
  );
}

/**
 * "Delay per source": for each live news source over the last 24 hours, how long after an item's
 * published time we first saw it and how long its interpretation took after that (median, p95,
 * count), from `GET /api/feeds/sources/delays`. Without live sources (replay) it says so.
 */
export function SourceDelays() {
  const { t } = useTranslation('feeds');
  const q = useSourceDelays();
  const d = q.data;
  return (
    <Panel title={t('delays.title')} className="h-fit overflow-hidden" labelledBy="source-delays-title">
      <div data-testid="source-delays">
        {!d ? (
          q.isError ? null : (
            <div className="space-y-2 px-4 py-3">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          )
        ) : d.sources.length === 0 ? (
          <p className="px-4 py-3 text-[12px] text-muted">{t('delays.none')}</p>
        ) : (
          <>
            <p className="px-4 pt-2 text-[11px] text-muted">{t('delays.intro', { hours: d.window_hours })}</p>
            <ul className="divide-y divide-border">
              {d.sources.slice(0, 12).map((s) => (
                <Row key={s.source} d={s} />
              ))}
            </ul>
          </>
        )}
      </div>
    </Panel>
  );
}
