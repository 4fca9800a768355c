import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ScreenField, ScreenResult } from '@coinlens/contracts/screener/screen';
import { EmptyState, Skeleton } from '../../components/ui';
import { formatDateTimeUtc, formatNumber, formatPercent, formatPrice } from '../../lib/format';

/** How a figure is written: prices and price-like levels as prices, percentages with a sign, the rest with 2 decimals (large ones grouped). */
export function formatFigure(field: string, v: number | null): string {
  if (v == null) return '—';
  if (field === 'price' || /^(sma|ema|bb_upper|bb_middle|bb_lower|sar|atr_14)/.test(field)) return formatPrice(v);
  if (field === 'change_pct' || field === 'candle_change_pct' || field === 'volume_change_pct') return formatPercent(v);
  if (field.endsWith('_pct')) return `${v.toFixed(2)}%`;
  if (field === 'signals_edge') return String(v);
  if (Math.abs(v) >= 10_000) return formatNumber(v);
  return v.toFixed(2);
}

/**
 * The hits of a screen as a table: the coin, every figure the screen names (column headers sort
 * the screen by that figure and run it again), trend and the signals (an edge in percentage
 * points when measured); on a phone, one card per hit with a sort menu. Skeleton rows while the first answer loads; an empty state that says
 * what was screened when nothing matches.
 */
export function ScreenResults({ result, loading, sort, onSort }: {
  result: ScreenResult | null;
  loading: boolean;
  sort: { field: ScreenField; order?: 'asc' | 'desc' } | undefined;
  onSort: (field: ScreenField) => void;
}) {
  const { t, i18n } = useTranslation('screener');
  const { lang = 'en-US' } = useParams();
  const zh = i18n.language.startsWith('zh');
  if (!result) {
    if (!loading) return <p className="px-4 py-6 text-[13px] text-muted">{t('results.idle')}</p>;
    return (
      <div className="space-y-2 p-4" data-testid="screener-skeleton" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-9 w-full" />)}
      </div>
    );
  }
  const tf = result.timeframe;
  const summary = result.as_of
    ? t('results.summary', { total: result.total, analysed: result.analysed, timeframe: tf, time: formatDateTimeUtc(result.as_of, i18n.language) })
    : t('results.summaryNone');
  if (!result.items.length) {
    return (
      <div aria-busy={loading}>
        <p className="px-4 pt-3 text-[13px] text-muted" data-testid="screener-summary">{summary}</p>
        <EmptyState testId="screener-empty" title={t('results.emptyTitle')} body={t('results.emptyBody', { analysed: result.analysed, timeframe: tf })} />
      </div>
    );
  }
  const fields = Object.keys(result.items[0].figures) as ScreenField[];
  const signalList = (signals: ScreenResult['items'][number]['signals']) => (
    <ul className="flex flex-wrap gap-1">
      {signals.map((s) => (
        <li key={s.label} className={`rounded-full px-2 py-0.5 text-[12px] ${s.direction === 'bullish' ? 'bg-up-soft text-up' : s.direction === 'bearish' ? 'bg-down-soft text-down' : 'bg-surface-2 text-muted'}`}>
          {zh ? s.name.zh : s.name.en}
          <span className="ml-1 opacity-80">· {s.verdict === 'edge' && s.edge_pp != null ? t('results.edge', { pp: `+${s.edge_pp.toFixed(1)}` }) : t('results.noEdge')}</span>
        </li>
      ))}
    </ul>
  );
  const active = { field: sort?.field ?? 'change_pct', order: sort?.order ?? 'desc' };
  return (
    <div aria-busy={loading} className={loading ? 'opacity-60' : ''}>
      <p className="px-4 pt-3 text-[13px] text-muted" data-testid="screener-summary">
        {summary} {result.total > result.items.length && t('results.shown', { n: result.items.length })}
      </p>
      <label className="flex items-center gap-2 px-4 pt-2 text-[12px] text-muted sm:hidden">
        <span>{t('results.sort')}</span>
        <select className="h-8 rounded-md border border-border bg-surface px-2 text-[13px] text-fg" value={active.field} onChange={(e) => onSort(e.target.value as ScreenField)} data-testid="screener-sort">
          {fields.map((f) => <option key={f} value={f}>{t(`fields.${f}`)}</option>)}
        </select>
        <button type="button" className="h-8 rounded-md border border-border px-2 text-fg" onClick={() => onSort(active.field)} aria-label={t('results.sortBy', { field: t(`fields.${active.field}`) })}>
          {active.order === 'asc' ? '▲' : '▼'}
        </button>
      </label>
      <ul className="divide-y divide-border sm:hidden" data-testid="screener-cards">
        {result.items.map((h) => (
          <li key={h.coin.id} className="space-y-2 px-4 py-3" data-testid="screener-card" data-symbol={h.coin.symbol}>
            <div className="flex items-baseline justify-between gap-2">
              <Link to={`/${lang}/crypto/${h.coin.slug}`} className="font-medium text-primary-600 hover:underline dark:text-primary-400">
                {h.coin.symbol} <span className="text-[12px] font-normal text-muted">{h.coin.name}</span>
              </Link>
              <span className="text-[12px] text-muted">{t(`trends.${h.trend}`)}</span>
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-[12px]">
              {fields.map((f) => (
                <div key={f} className="flex justify-between gap-2">
                  <dt className="text-muted">{t(`fields.${f}`)}</dt>
                  <dd className={`tabular-nums ${active.field === f ? 'font-semibold text-fg' : ''}`}>{formatFigure(f, h.figures[f] ?? null)}</dd>
                </div>
              ))}
            </dl>
            {signalList(h.signals)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block" tabIndex={0} role="region" aria-label={t('results.title')}>
        <table className="mt-2 w-full min-w-[640px] text-left text-[13px]" data-testid="screener-results">
          <thead className="border-y border-border bg-surface-2 text-[12px] text-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">{t('results.coin')}</th>
              {fields.map((f) => {
                const on = active.field === f;
                return (
                  <th key={f} scope="col" className="px-3 py-2 text-right font-medium" aria-sort={on ? (active.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <button type="button" className="inline-flex items-center gap-1 rounded hover:text-fg focus-visible:outline-2 focus-visible:outline-primary-500" onClick={() => onSort(f)} aria-label={t('results.sortBy', { field: t(`fields.${f}`) })} data-testid={`sort-${f}`}>
                      {t(`fields.${f}`)}
                      <span aria-hidden="true">{on ? (active.order === 'asc' ? '▲' : '▼') : '↕'}</span>
                    </button>
                  </th>
                );
              })}
              <th scope="col" className="px-3 py-2 font-medium">{t('results.trend')}</th>
              <th scope="col" className="px-3 py-2 font-medium">{t('results.signals')}</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((h) => (
              <tr key={h.coin.id} className="border-b border-border last:border-0" data-testid="screener-hit" data-symbol={h.coin.symbol}>
                <th scope="row" className="px-4 py-2 font-medium">
                  <Link to={`/${lang}/crypto/${h.coin.slug}`} className="text-primary-600 hover:underline dark:text-primary-400">{h.coin.symbol}</Link>
                  <span className="ml-1.5 hidden text-[12px] font-normal text-muted sm:inline">{h.coin.name}</span>
                </th>
                {fields.map((f) => (
                  <td key={f} className={`px-3 py-2 text-right tabular-nums ${active.field === f ? 'font-semibold text-fg' : ''}`}>{formatFigure(f, h.figures[f] ?? null)}</td>
                ))}
                <td className="px-3 py-2 whitespace-nowrap">{t(`trends.${h.trend}`)}</td>
                <td className="px-3 py-2">{signalList(h.signals)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
