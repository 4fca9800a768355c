import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CoverageSeries, EvidenceCoverage } from '@coinlens/contracts';
import { TA_TIMEFRAMES } from '@coinlens/contracts/common/timeframe';
import { Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { retryTransient } from '../../lib/retry';
import { formatDateUtc, formatNumber } from '../../lib/format';

/**
 * The coin universe and each series' first candle (`GET /api/signals/coverage`); changes only when
 * candles are imported. A 5xx or a network error (a server still warming up) is retried, so the
 * note does not stay away for the whole visit.
 */
export function useEvidenceCoverage() {
  return useQuery({ queryKey: ['signals', 'coverage'], queryFn: ({ signal }) => api('getEvidenceCoverage', {}, { signal }), staleTime: 10 * 60_000, retry: retryTransient(3) });
}

/**
 * The coin whose history starts last (the latest of the coins' earliest first candles) and the
 * earliest first candle of `series`; null when empty.
 */
export function coverageSpan(series: readonly CoverageSeries[]): { latest: { symbol: string; first: number }; earliest: number } | null {
  if (!series.length) return null;
  const start = new Map<string, number>();
  for (const s of series) start.set(s.symbol, Math.min(start.get(s.symbol) ?? Infinity, s.first));
  let latest = { symbol: series[0].symbol, first: -Infinity };
  let earliest = Infinity;
  for (const [symbol, first] of start) {
    if (first > latest.first) latest = { symbol, first };
    earliest = Math.min(earliest, first);
  }
  return { latest, earliest };
}

/**
 * The survivorship and coverage line every record, calibration figure and backtest shows: which
 * coins the figures are measured on (the coins shipped today; coins that died or were delisted
 * before are absent), and that series start at different dates (the latest start named), with the
 * first candle of every series one click away. `symbol` narrows the dates to one coin (backtest).
 */
export function CoverageNote({ symbol, testId = 'coverage-note' }: { symbol?: string; testId?: string }) {
  const { t, i18n } = useTranslation('signals');
  const q = useEvidenceCoverage();
  if (q.isPending) return <Skeleton className="h-4 w-3/4" />;
  if (q.isError || !q.data) return null;
  return <CoverageText data={q.data} symbol={symbol} lang={i18n.language} t={t} testId={testId} />;
}

/** The note's text for coverage `data` (exported for tests). */
export function CoverageText({ data, symbol, lang, t, testId = 'coverage-note' }: { data: EvidenceCoverage; symbol?: string; lang: string; t: (k: string, o?: Record<string, unknown>) => string; testId?: string }) {
  const all = coverageSpan(data.series);
  if (!all) return null;
  const mine = symbol ? data.series.filter((s) => s.symbol === symbol) : [];
  const date = (ms: number) => formatDateUtc(ms, lang);
  const bySymbol = new Map<string, CoverageSeries[]>();
  for (const s of data.series) (bySymbol.get(s.symbol) ?? bySymbol.set(s.symbol, []).get(s.symbol)!).push(s);
  return (
    <div className="rounded-md border border-border bg-surface-2/40 px-3 py-2 text-[11px] text-muted" data-testid={testId}>
      <p>
        {t('coverage.universe', { count: data.coins, n: formatNumber(data.coins) })}{' '}
        {t('coverage.starts', { earliest: date(all.earliest), latest: date(all.latest.first), symbol: all.latest.symbol })}
        {mine.length > 0 && <> {t('coverage.coin', { symbol, series: mine.map((s) => t('coverage.series', { timeframe: t(`tf.${s.timeframe}`), date: date(s.first) })).join(t('coverage.sep')) })}</>}
      </p>
      <details className="mt-1">
        <summary className="cursor-pointer select-none text-fg/80">{t('coverage.details')}</summary>
        <div className="mt-1 overflow-x-auto">
          <table className="text-[11px]" data-testid="coverage-table">
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left font-medium">{t('coverage.coinCol')}</th>
                {TA_TIMEFRAMES.map((tf) => <th key={tf} scope="col" className="pr-3 text-left font-medium">{t(`tf.${tf}`)}</th>)}
              </tr>
            </thead>
            <tbody>
              {[...bySymbol].map(([sym, xs]) => (
                <tr key={sym} data-symbol={sym}>
                  <th scope="row" className="pr-3 text-left font-normal text-fg">{sym}</th>
                  {TA_TIMEFRAMES.map((tf) => {
                    const s = xs.find((x) => x.timeframe === tf);
                    return <td key={tf} className="num pr-3 whitespace-nowrap">{s ? date(s.first) : '—'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
