import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { NewsRecordDimension, NewsRecordHorizon, NewsRecordRow } from '@coinlens/contracts';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { errorKey } from '../../lib/api';
import { formatDateUtc, formatNumber, formatPercent } from '../../lib/format';
import { EdgeText } from './EdgeText';

/** News marks scored against price (`GET /api/feeds/record`). */
export function useNewsRecord() {
  return useQuery({ queryKey: ['feeds', 'record'], queryFn: ({ signal }) => api('getNewsRecord', { query: {} }, { signal }), refetchInterval: 5 * 60_000 });
}

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const ic = (x: number | null) => (x === null ? '—' : `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(3)}`);

function IcText({ row }: { row: NewsRecordRow }) {
  const { t } = useTranslation('signals');
  if (row.ic.value === null) return <span className="text-muted">—</span>;
  return (
    <span className="whitespace-nowrap" data-testid="news-record-ic">
      {ic(row.ic.value)}
      {row.ic.ci95 ? <span className="text-muted"> {t('newsRecord.icInterval', { lo: ic(row.ic.ci95.lo), hi: ic(row.ic.ci95.hi) })}</span> : <span className="text-muted"> {t('newsRecord.icNoInterval')}</span>}
    </span>
  );
}

/** The News record tab: every bullish / bearish news mark per coin scored at +1h and +24h against the coin's base rate. */
export function NewsRecordView() {
  const { t, i18n } = useTranslation('signals');
  const [horizon, setHorizon] = useState<NewsRecordHorizon>('24h');
  const [dimension, setDimension] = useState<Exclude<NewsRecordDimension, 'all'>>('source');
  const q = useNewsRecord();
  const data = q.data;
  const all = data?.tables.find((x) => x.horizon === horizon && x.dimension === 'all')?.rows[0];
  const table = data?.tables.find((x) => x.horizon === horizon && x.dimension === dimension);
  const keyLabel = (k: string) => (dimension === 'event_type' ? t(`newsRecord.eventType.${k}`, { defaultValue: k }) : dimension === 'lang' ? t(`newsRecord.lang.${k}`, { defaultValue: k }) : k);
  const select = 'rounded border border-border bg-surface px-1.5 py-1 text-fg';
  return (
    <div data-testid="news-record-view">
      <Panel
        title={t('newsRecord.title')}
        actions={
          <div className="flex flex-wrap items-center gap-2 text-[12px] text-muted">
            <label className="flex items-center gap-1">
              {t('newsRecord.horizon')}
              <select value={horizon} onChange={(e) => setHorizon(e.target.value as NewsRecordHorizon)} className={select} data-testid="news-record-horizon">
                {(['1h', '24h'] as const).map((h) => <option key={h} value={h}>{t(`newsRecord.horizonOption.${h}`)}</option>)}
              </select>
            </label>
            <label className="flex items-center gap-1">
              {t('newsRecord.by')}
              <select value={dimension} onChange={(e) => setDimension(e.target.value as typeof dimension)} className={select} data-testid="news-record-dimension">
                {(['source', 'event_type', 'lang'] as const).map((d) => <option key={d} value={d}>{t(`newsRecord.dimension.${d}`)}</option>)}
              </select>
            </label>
          </div>
        }
      >
        <div className="px-3 pb-3">
          <p className="mb-3 text-[12px] text-muted">{t('newsRecord.intro')}</p>
          {q.isPending ? (
            <div className="flex flex-col gap-2" aria-busy="true" data-testid="news-record-loading">
              <Skeleton className="h-16 w-full" />
              {[0, 1, 2, 3, 4].map((i) => <Skeleton key={i} className="h-7 w-full" />)}
            </div>
          ) : q.isError ? (
            <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
          ) : !all || all.edge.n === 0 ? (
            <EmptyState title={t('newsRecord.empty')} body={t('newsRecord.emptyBody', { count: data?.pending[horizon] ?? 0, n: formatNumber(data?.pending[horizon] ?? 0) })} testId="news-record-empty" />
          ) : (
            <>
              <div className="mb-3 rounded-md border border-border bg-surface-2 p-3 text-[13px]" data-testid="news-record-summary">
                <p className="font-medium text-fg">
                  {t('newsRecord.summary', { count: all.edge.n, n: formatNumber(all.edge.n), episodes: formatNumber(all.edge.n_eff), bullish: formatNumber(all.bullish), bearish: formatNumber(all.bearish), coins: formatNumber(data!.coins), horizon: t(`newsRecord.horizonOption.${horizon}`) })}
                </p>
                <p className="mt-1 text-muted">
                  {t('newsRecord.period', { from: formatDateUtc(data!.from!, i18n.language), to: formatDateUtc(data!.to!, i18n.language), pending: data!.pending[horizon] ?? 0 })}
                </p>
                <p className="mt-2">
                  {t('newsRecord.hitVsBase', { hit: pct(all.edge.hit_rate), base: pct(all.edge.baseline.p), windows: formatNumber(all.edge.baseline.n) })} · <EdgeText stat={all.edge} />
                </p>
                <p className="mt-1">
                  {t('newsRecord.icLabel')}: <IcText row={all} />
                </p>
              </div>
              <ul className="flex flex-col gap-2 sm:hidden" data-testid="news-record-list">
                {(table?.rows ?? []).map((r) => (
                  <li key={r.key} className="rounded-md border border-border p-2 text-[12px]" data-testid="news-record-card">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="min-w-0 truncate font-medium text-fg">{keyLabel(r.key)}</span>
                      <span className="num shrink-0 text-muted">{t('newsRecord.marksCell', { n: formatNumber(r.edge.n), episodes: formatNumber(r.edge.n_eff) })} · {t('newsRecord.bullBear', { bullish: r.bullish, bearish: r.bearish })}</span>
                    </div>
                    <p className="mt-1">{t('newsRecord.hitVsBaseShort', { hit: pct(r.edge.hit_rate), base: pct(r.edge.baseline.p) })}</p>
                    <p className="mt-0.5"><EdgeText stat={r.edge} /></p>
                    <p className="mt-0.5">{t('newsRecord.ic')}: <IcText row={r} /></p>
                  </li>
                ))}
              </ul>
              <div className="hidden overflow-x-auto sm:block">
                <table className="w-full text-[12px]" data-testid="news-record-table">
                  <thead>
                    <tr className="text-[11px] text-muted">
                      <th className="px-2 py-1.5 text-left font-medium">{t(`newsRecord.dimension.${dimension}`)}</th>
                      <th className="px-2 py-1.5 text-right font-medium">{t('newsRecord.marks')}</th>
                      <th className="px-2 py-1.5 text-right font-medium">{t('newsRecord.hitRate')}</th>
                      <th className="px-2 py-1.5 text-right font-medium">{t('newsRecord.baseRate')}</th>
                      <th className="px-2 py-1.5 text-left font-medium">{t('newsRecord.edge')}</th>
                      <th className="px-2 py-1.5 text-right font-medium">{t('newsRecord.ic')}</th>
                      <th className="px-2 py-1.5 text-right font-medium">{t('newsRecord.signedMove')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(table?.rows ?? []).map((r) => (
                      <tr key={r.key} className="border-t border-border" data-testid="news-record-row">
                        <td className="max-w-[14rem] truncate px-2 py-1.5" title={keyLabel(r.key)}>{keyLabel(r.key)}</td>
                        <td className="num px-2 py-1.5 text-right whitespace-nowrap">
                          {t('newsRecord.marksCell', { n: formatNumber(r.edge.n), episodes: formatNumber(r.edge.n_eff) })}
                          <span className="block text-[11px] text-muted">{t('newsRecord.bullBear', { bullish: r.bullish, bearish: r.bearish })}</span>
                        </td>
                        <td className="num px-2 py-1.5 text-right">{pct(r.edge.hit_rate)}</td>
                        <td className="num px-2 py-1.5 text-right">{pct(r.edge.baseline.p)}</td>
                        <td className="px-2 py-1.5"><EdgeText stat={r.edge} /></td>
                        <td className="num px-2 py-1.5 text-right"><IcText row={r} /></td>
                        <td className={`num px-2 py-1.5 text-right ${(r.mean_signed_move_pct ?? 0) >= 0 ? 'text-up' : 'text-down'}`}>{formatPercent(r.mean_signed_move_pct, 2)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-3 text-[11px] text-muted">{t('newsRecord.method')}</p>
            </>
          )}
        </div>
      </Panel>
    </div>
  );
}
