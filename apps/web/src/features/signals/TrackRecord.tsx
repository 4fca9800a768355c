import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TaTimeframe, TrackRecordItem } from '@coinlens/contracts';
import { TA_TIMEFRAMES, timeframeLabel } from '@coinlens/contracts/common/timeframe';
import { patternSample } from '@coinlens/contracts/signals/pattern-samples';
import { CoinLogo, EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { errorKey, isCancelled } from '../../lib/api';
import { formatDateTimeUtc, formatNumber, formatPercent, formatPrice } from '../../lib/format';
import { EdgeText, noEdgeWording } from './EdgeText';
import { DirectionPill } from './SignalCard';
import { accuracyText, ratePct, signalName } from './labels';
import { usePatternStats, useTrackRecord, type TrackRecordFilter } from './queries';
import { CoverageNote } from './CoverageNote';

const STATUS_CLASS = { hit: 'bg-up-soft text-up', miss: 'bg-down-soft text-down', pending: 'bg-surface-2 text-muted' } as const;

/** Pattern rows shown before "show all" (largest samples first). */
const PATTERN_ROWS = 15;

const short = (ms: number, lang: string) => formatDateTimeUtc(ms, lang).replace(/ UTC$/, '');

function Outcome({ item }: { item: TrackRecordItem }) {
  const { t, i18n } = useTranslation('signals');
  return (
    <span className="flex flex-col">
      <span className={`w-fit rounded px-1.5 py-0.5 text-[11px] font-semibold ${STATUS_CLASS[item.status]}`} data-status={item.status}>
        {t(`track.status.${item.status}`)}
      </span>
      {item.status === 'pending' && <span className="num mt-0.5 text-[10px] text-muted">{t('track.pendingUntil', { time: short(item.due_at, i18n.language) })}</span>}
    </span>
  );
}

/** Keys (`coin:timeframe:candle`) of the candles among `items` on which signals of both directions fired. */
export function conflictingCandles(items: readonly TrackRecordItem[]): Set<string> {
  const seen = new Map<string, { bullish: boolean; bearish: boolean }>();
  for (const it of items) {
    const k = `${it.coin.slug}:${it.timeframe}:${it.candle_time}`;
    const e = seen.get(k) ?? { bullish: false, bearish: false };
    if (it.direction === 'bullish') e.bullish = true;
    if (it.direction === 'bearish') e.bearish = true;
    seen.set(k, e);
  }
  return new Set([...seen].filter(([, e]) => e.bullish && e.bearish).map(([k]) => k));
}

/**
 * Table of logged signals with outcomes (compact: fewer columns, for the coin page). Signals of
 * opposite directions on the same coin, timeframe and candle are marked "conflicting signals".
 */
export function SignalLogTable({ items, compact = false }: { items: TrackRecordItem[]; compact?: boolean }) {
  const { t, i18n } = useTranslation('signals');
  const conflicts = conflictingCandles(items);
  const { lang = 'en-US' } = useParams();
  const th = 'px-2 py-1.5 text-left text-[11px] font-medium whitespace-nowrap text-muted';
  const td = 'px-2 py-1.5 whitespace-nowrap';
  return (
    <div className="overflow-x-auto">
      <table className="stack-table w-full text-[12px]" data-testid="track-record-table">
        <thead className="border-b border-border">
          <tr>
            <th className={th}>{t('track.col.time')}</th>
            {!compact && <th className={th}>{t('track.col.coin')}</th>}
            <th className={th}>{t('track.col.timeframe')}</th>
            <th className={th}>{t('track.col.pattern')}</th>
            <th className={th}>{t('track.col.direction')}</th>
            <th className={`${th} text-right`}>{t('track.col.entry')}</th>
            <th className={`${th} text-right`}>{t('track.col.exit')}</th>
            <th className={`${th} text-right`}>{t('track.col.move')}</th>
            <th className={th}>{t('track.col.outcome')}</th>
            <th className={th}>{t('track.col.origin')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} className="border-b border-border last:border-0" data-testid="track-record-row" data-status={s.status}>
              <td className={`${td} num text-muted`} data-label={t('track.col.time')}>{short(s.fired_at, i18n.language)}</td>
              {!compact && (
                <td className={td} data-label={t('track.col.coin')}>
                  <Link to={`/${lang}/crypto/${s.coin.slug}`} className="flex items-center gap-1.5 hover:underline">
                    <CoinLogo src={s.coin.logo} symbol={s.coin.symbol} size={16} />
                    {s.coin.symbol}
                  </Link>
                </td>
              )}
              <td className={`${td} num`} data-label={t('track.col.timeframe')}>{timeframeLabel(s.timeframe)}</td>
              <td className={td} title={s.label} data-label={t('track.col.pattern')}>{signalName(s.name, s.label, i18n.language)}</td>
              <td className={td} data-label={t('track.col.direction')}>
                <DirectionPill direction={s.direction} />
                {conflicts.has(`${s.coin.slug}:${s.timeframe}:${s.candle_time}`) && (
                  <span className="ml-1 rounded border border-amber-500/60 px-1 py-0.5 text-[10px] font-semibold text-amber-700 dark:text-amber-300" data-testid="row-conflicting" title={t('verdict.conflictingHelp')}>
                    {t('verdict.conflicting')}
                  </span>
                )}
              </td>
              <td className={`${td} num text-right`} data-label={t('track.col.entry')}>{formatPrice(s.entry_price)}</td>
              <td className={`${td} num text-right`} data-label={t('track.col.exit')}>{formatPrice(s.exit_price)}</td>
              <td className={`${td} num text-right ${s.move_pct == null ? 'text-muted' : s.move_pct > 0 ? 'text-up' : s.move_pct < 0 ? 'text-down' : ''}`} data-label={t('track.col.move')}>{formatPercent(s.move_pct)}</td>
              <td className={td} data-label={t('track.col.outcome')}><Outcome item={s} /></td>
              <td className={`${td} text-muted`} data-label={t('track.col.origin')} data-origin={s.origin}>{t(`track.origin.${s.origin}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Sample = 'all' | 'in_sample' | 'out_of_sample';
const SAMPLES: Sample[] = ['all', 'in_sample', 'out_of_sample'];

/**
 * Per-pattern hit rate (hits/n) beside the measured baseline of the same coins, horizon and period,
 * with the edge, its 95 % interval and the Holm-corrected verdict; all signals, in sample (start-up
 * backfill) or out of sample (logged live), each with its n.
 */
export function PatternStatsTable({ coin, timeframe }: { coin?: string; timeframe?: TaTimeframe }) {
  const { t, i18n } = useTranslation('signals');
  const q = usePatternStats({ coin, timeframe });
  const [showAll, setShowAll] = useState(false);
  const [sample, setSample] = useState<Sample>('all');
  const th = 'px-2 py-1.5 text-left text-[11px] font-medium whitespace-nowrap text-muted';
  const td = 'px-2 py-1.5 whitespace-nowrap';
  if (q.isError && !isCancelled(q.error)) return <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />;
  if (!q.data) return <div className="p-3"><Skeleton className="h-24 w-full" /></div>;
  if (!q.data.items.length) return <p className="px-3 py-4 text-[12px] text-muted">{t('track.patternsEmpty')}</p>;
  const data = q.data;
  const sampleN = (k: Sample) => (k === 'all' ? data.samples.in_sample + data.samples.out_of_sample : data.samples[k]);
  const rows = data.items.filter((s) => patternSample(data, s, sample).n > 0);
  const edges = rows.filter((s) => patternSample(data, s, sample).verdict === 'edge').length;
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2 px-3 pt-2 sm:px-4">
        <div role="group" aria-label={t('track.sample.label')} className="flex flex-wrap rounded-md border border-border p-0.5" data-testid="pattern-sample">
          {SAMPLES.map((k) => (
            <button key={k} type="button" aria-pressed={sample === k} data-sample={k} onClick={() => setSample(k)} title={t(`track.sample.${k}Help`)} className={`num rounded px-2 py-0.5 text-[12px] ${sample === k ? 'bg-primary-600 text-white' : 'text-muted hover:bg-surface-2'}`}>
              {t(`track.sample.${k}`, { n: formatNumber(sampleN(k)) })}
            </button>
          ))}
        </div>
        <p className="text-[12px] text-muted" data-testid="pattern-edge-summary">
          {rows.length ? (edges ? t('track.edgeSummary', { count: edges, total: rows.length }) : t('track.edgeNone', { total: rows.length, verdict: noEdgeWording(i18n.language) })) : null}
        </p>
      </div>
      {!rows.length ? (
        <p className="px-3 py-4 text-[12px] text-muted sm:px-4" data-testid="pattern-sample-empty">{t(`track.sample.${sample}Empty`)}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="stack-table w-full text-[12px]" data-testid="pattern-stats" data-sample={sample}>
            <thead className="border-b border-border">
              <tr>
                <th className={th}>{t('track.col.pattern')}</th>
                <th className={th}>{t('track.col.timeframe')}</th>
                <th className={th}>{t('track.col.direction')}</th>
                <th className={`${th} text-right`}>{t('track.col.hitRate')}</th>
                <th className={`${th} text-right`}>{t('track.col.baseline')}</th>
                <th className={th}>{t('track.col.edge')}</th>
                {sample === 'all' && <th className={`${th} text-right`} title={t('track.col.avgMoveHelp')}>{t('track.col.avgMove')}</th>}
              </tr>
            </thead>
            <tbody>
              {(showAll ? rows : rows.slice(0, PATTERN_ROWS)).map((s) => {
                const e = patternSample(data, s, sample);
                return (
                  <tr key={`${s.label}:${s.timeframe}`} className="border-b border-border last:border-0" data-testid="pattern-row" data-verdict={e.verdict}>
                    <td className={td} title={s.label} data-label={t('track.col.pattern')}>{signalName(data.names[s.label], s.label, i18n.language)}</td>
                    <td className={`${td} num`} data-label={t('track.col.timeframe')}>{timeframeLabel(s.timeframe)}</td>
                    <td className={td} data-label={t('track.col.direction')}><DirectionPill direction={s.direction} /></td>
                    <td className={`${td} num text-right font-medium`} data-label={t('track.col.hitRate')}>{accuracyText(t, { accuracy: e.hit_rate, hits: e.hits, total: e.n })}{e.n_eff < e.n && <span className="block text-[10px] font-normal text-muted" data-testid="n-eff">{t('track.episodes', { count: e.n_eff, n: formatNumber(e.n_eff) })}</span>}</td>
                    <td className={`${td} num text-right text-muted`} data-label={t('track.col.baseline')}>{ratePct(e.baseline.p)} <span className="text-[10px]">(n = {formatNumber(e.baseline.n)})</span></td>
                    <td className={`${td} num`} data-label={t('track.col.edge')}><EdgeText stat={e} /></td>
                    {sample === 'all' && <td className={`${td} num text-right`} data-label={t('track.col.avgMove')}>{formatPercent(s.avg_move_pct)}</td>}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > PATTERN_ROWS && (
        <div className="border-t border-border p-2 text-center">
          <button type="button" onClick={() => setShowAll((v) => !v)} className="rounded-md border border-border px-3 py-1 text-[12px] hover:bg-surface-2" data-testid="pattern-show-all">
            {showAll ? t('track.showLess') : t('track.showAll', { count: rows.length, n: rows.length })}
          </button>
        </div>
      )}
    </div>
  );
}

type StatusFilter = 'all' | 'scored' | 'pending';

/** The full track-record view: filters, recent signals with outcomes (load more), per-pattern stats. */
export function TrackRecordView({ coin }: { coin?: string }) {
  const { t } = useTranslation('signals');
  const [timeframe, setTimeframe] = useState<TaTimeframe | ''>('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const filter: TrackRecordFilter = { coin, timeframe: timeframe || undefined, status: status === 'all' ? undefined : status };
  const q = useTrackRecord(filter, 20);
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const total = q.data?.pages[0]?.total;
  return (
    <div className="flex flex-col gap-4" data-testid="track-record">
      <p className="text-[12px] text-muted">{t('track.intro')}</p>
      <CoverageNote />
      <Panel
        title={t('track.recent')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            {total !== undefined && <span className="num text-[12px] text-muted" data-testid="track-record-total">{t('track.total', { count: total, n: formatNumber(total) })}</span>}
            <select
              aria-label={t('track.filter.timeframe')}
              value={timeframe}
              onChange={(e) => setTimeframe(e.target.value as TaTimeframe | '')}
              className="rounded border border-border bg-surface px-1.5 py-0.5 text-[12px]"
              data-testid="track-filter-timeframe"
            >
              <option value="">{t('track.filter.allTimeframes')}</option>
              {TA_TIMEFRAMES.map((tf) => <option key={tf} value={tf}>{timeframeLabel(tf)}</option>)}
            </select>
            <div role="group" aria-label={t('track.filter.status')} className="flex rounded-md border border-border p-0.5">
              {(['all', 'scored', 'pending'] as const).map((s) => (
                <button key={s} type="button" aria-pressed={status === s} data-status-filter={s} onClick={() => setStatus(s)} className={`rounded px-2 py-0.5 text-[12px] ${status === s ? 'bg-primary-600 text-white' : 'text-muted hover:bg-surface-2'}`}>
                  {t(`track.filter.${s}`)}
                </button>
              ))}
            </div>
          </div>
        }
      >
        {q.isError && !isCancelled(q.error) ? (
          <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
        ) : !q.data ? (
          <div className="flex flex-col gap-2 p-3">{Array.from({ length: 6 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)}</div>
        ) : !items.length ? (
          <EmptyState title={t('track.empty')} body={t('track.emptyBody')} />
        ) : (
          <>
            <SignalLogTable items={items} compact={!!coin} />
            {q.hasNextPage && (
              <div className="border-t border-border p-2 text-center">
                <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage} className="rounded-md border border-border px-3 py-1 text-[12px] hover:bg-surface-2 disabled:opacity-50">
                  {q.isFetchingNextPage ? t('loading') : t('loadMore')}
                </button>
              </div>
            )}
          </>
        )}
      </Panel>
      <Panel title={t('track.patterns')}>
        <p className="px-3 pt-2 text-[12px] text-muted sm:px-4">{t('track.patternsIntro')}</p>
        <PatternStatsTable coin={coin} timeframe={timeframe || undefined} />
      </Panel>
    </div>
  );
}
