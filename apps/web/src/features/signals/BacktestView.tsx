import { lazy, Suspense, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Backtest, BacktestStats, TaTimeframe } from '@coinlens/contracts';
import { isTaTimeframe, TA_TIMEFRAMES } from '@coinlens/contracts/common/timeframe';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { errorKey, isCancelled } from '../../lib/api';
import { formatDateUtc, formatNumber } from '../../lib/format';
import { useAllCoins } from '../../lib/market-queries';
import { retryImport, retryTransient } from '../../lib/retry';
import { signalName } from './labels';
import { CoverageNote } from './CoverageNote';

const BacktestChart = lazy(() => retryImport(() => import('./BacktestChart')));

type StopChoice = 'none' | 'atr' | 'pct';
const STOPS: StopChoice[] = ['none', 'atr', 'pct'];
/** Stop sizes offered in the view: 2 × ATR(14) or 5 %. */
const STOP_VALUE = { atr: 2, pct: 5 } as const;

/** Input of the backtest query (`GET /api/signals/backtest`); the view always asks for every pattern and filters locally. */
interface BacktestInput {
  coin: string;
  timeframe: TaTimeframe;
  from?: string;
  to?: string;
  stop: StopChoice;
}

/** Backtest of every directional pattern of a coin and timeframe (cached per input; the server caches too). */
export function useBacktest(input: BacktestInput | null) {
  return useQuery({
    queryKey: ['signals', 'backtest', input],
    queryFn: ({ signal }) =>
      api('getBacktest', { query: { coin: input!.coin, timeframe: input!.timeframe, from: input!.from, to: input!.to, stop: input!.stop, stop_value: input!.stop === 'none' ? undefined : STOP_VALUE[input!.stop] } }, { signal }),
    enabled: !!input,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: retryTransient(1),
  });
}

const signedPct = (v: number | null | undefined, d = 2) => (v == null || !Number.isFinite(v) ? '—' : `${v > 0 ? '+' : v < 0 ? '−' : ''}${formatNumber(Math.abs(v), d)} %`);
const tone = (v: number | null | undefined) => (v == null ? 'text-muted' : v > 0 ? 'text-up' : v < 0 ? 'text-down' : 'text-fg');
const isDate = (s: string | null): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * A figure cell of the results table. On a phone (below `sm`) the table is stacked: each cell is a
 * small block with its column name above the value (`data-col`, shown by a ::before), four to a
 * row; names and values wrap, and the interval and the verdict take two places, so every figure
 * is readable at 390 px without sideways scrolling.
 */
const statTd = 'px-2 py-1.5 text-right whitespace-nowrap num max-sm:flex max-sm:min-w-0 max-sm:flex-col max-sm:items-start max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:whitespace-normal max-sm:before:text-[10px] max-sm:before:font-normal max-sm:before:text-muted max-sm:before:content-[attr(data-col)]';

/** Tone of a verdict: green for an edge, red when measurably losing, muted otherwise. */
const verdictTone = { edge: 'text-up', worse: 'text-down', none: 'text-muted' } as const;

function StatCells({ s, testId, col, verdict }: { s: BacktestStats; testId?: string; col: (k: string) => string; verdict: (v: BacktestStats['verdict']) => string }) {
  const td = statTd;
  // the interval at the Holm-corrected level: it excludes 0 exactly when the verdict beside it is edge / worse
  const ci = s.mean_ci_holm_low_pct == null || s.mean_ci_holm_high_pct == null ? '—' : `${signedPct(s.mean_ci_holm_low_pct, 1)} … ${signedPct(s.mean_ci_holm_high_pct, 1)}`;
  return (
    <>
      <td className={td} data-testid={testId} data-col={col('trades')}>{formatNumber(s.trades)}</td>
      <td className={td} data-col={col('winRate')}>{s.win_rate == null ? '—' : `${formatNumber(s.win_rate * 100, 0)} %`}</td>
      <td className={`${td} ${tone(s.mean_return_pct)}`} data-col={col('mean')}>{signedPct(s.mean_return_pct)}</td>
      <td className={`${td} max-sm:col-span-2`} data-col={col('meanCi')} data-testid="backtest-ci">{ci}</td>
      <td className={td} data-col={col('effectiveN')}>{s.effective_n == null ? '—' : formatNumber(s.effective_n, 1)}</td>
      <td className={`${td} ${tone(s.trades ? s.total_return_pct : null)}`} data-col={col('total')}>{s.trades ? signedPct(s.total_return_pct, 1) : '—'}</td>
      <td className={td} data-col={col('profitFactor')}>{s.profit_factor == null ? '—' : formatNumber(s.profit_factor, 2)}</td>
      <td className={td} data-col={col('maxDrawdown')}>{s.trades ? `${formatNumber(s.max_drawdown_pct, 1)} %` : '—'}</td>
      <td className={`${td} ${verdictTone[s.verdict]} max-sm:col-span-2`} data-col={col('verdict')} data-testid="backtest-verdict" title={`p = ${formatNumber(s.p_adjusted, 3)}`}>{verdict(s.verdict)}</td>
    </>
  );
}

function TableSkeleton() {
  return <div className="flex flex-col gap-2 p-3" aria-busy="true">{Array.from({ length: 8 }, (_, i) => <Skeleton key={i} className="h-6 w-full" />)}</div>;
}

/**
 * Backtest tab of the signals page: coin, timeframe, period, stop and pattern pickers (kept in the
 * URL: `?tab=backtest&coin=bitcoin&timeframe=1h&from=…&to=…&stop=atr&pattern=…`), the equity curve
 * of the chosen pattern beside buy-and-hold, and per pattern the figures of all trades, in-sample and
 * out-of-sample, each with the 95 % interval of its mean return (block bootstrap), the effective
 * number of independent trades and the Holm-corrected verdict. Rules: docs/backtest.md.
 */
export function BacktestView() {
  const { t, i18n } = useTranslation('signals');
  const [params, setParams] = useSearchParams();
  const coins = useAllCoins();
  const choices = useMemo(() => (coins.data ?? []).filter((c) => c.timeframes.some(isTaTimeframe)), [coins.data]);
  const coin = params.get('coin') ?? choices[0]?.slug ?? '';
  const coinRow = choices.find((c) => c.slug === coin || c.symbol.toLowerCase() === coin.toLowerCase());
  const tfParam = params.get('timeframe');
  const timeframe: TaTimeframe = isTaTimeframe(tfParam ?? '') ? (tfParam as TaTimeframe) : '1h';
  const from = isDate(params.get('from')) ? params.get('from')! : undefined;
  const to = isDate(params.get('to')) ? params.get('to')! : undefined;
  const stop: StopChoice = (STOPS as string[]).includes(params.get('stop') ?? '') ? (params.get('stop') as StopChoice) : 'none';
  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    next.set('tab', 'backtest');
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next, { replace: true });
  };
  const q = useBacktest(coin ? { coin, timeframe, from, to, stop } : null);
  const data: Backtest | undefined = q.data;
  const traded = useMemo(() => [...(data?.patterns ?? [])].sort((a, b) => b.all.trades - a.all.trades), [data]);
  const pattern = params.get('pattern') ?? '';
  const shown = pattern ? traded.filter((p) => p.label === pattern) : traded;
  const focus = shown.find((p) => p.label === pattern) ?? shown.find((p) => p.all.trades > 0) ?? shown[0];
  const lang = i18n.language;
  const date = (ms: number | null) => (ms == null ? '—' : formatDateUtc(ms, lang));
  const thBase = 'px-2 py-1.5 text-[11px] font-medium whitespace-nowrap text-muted';
  const th = `${thBase} text-right`;
  const sel = 'rounded border border-border bg-surface px-1.5 py-1 text-[12px] text-fg';
  const periodInvalid = !!draft.from && !!draft.to && draft.from > draft.to;

  return (
    <div className="flex flex-col gap-4" data-testid="backtest">
      <p className="text-[12px] text-muted">{t('backtest.intro')}</p>
      <CoverageNote symbol={coinRow?.symbol} />
      <Panel>
        <form
          className="flex flex-wrap items-end gap-3 p-3 sm:px-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!periodInvalid) set({ from: draft.from || undefined, to: draft.to || undefined });
          }}
        >
          <label className="flex flex-col gap-1 text-[11px] text-muted">
            {t('backtest.coin')}
            <select className={sel} value={coinRow?.slug ?? coin} onChange={(e) => set({ coin: e.target.value, pattern: undefined })} data-testid="backtest-coin" disabled={!choices.length}>
              {!coinRow && coin && <option value={coin}>{coin}</option>}
              {choices.map((c) => <option key={c.id} value={c.slug}>{c.symbol} · {c.name}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-[11px] text-muted">
            {t('backtest.timeframe')}
            <select className={sel} value={timeframe} onChange={(e) => set({ timeframe: e.target.value })} data-testid="backtest-timeframe">
              {TA_TIMEFRAMES.map((tf) => <option key={tf} value={tf} disabled={!!coinRow && !coinRow.timeframes.includes(tf)}>{t(`tf.${tf}`)}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-[11px] text-muted">
            {t('backtest.stop')}
            <select className={sel} value={stop} onChange={(e) => set({ stop: e.target.value === 'none' ? undefined : e.target.value })} data-testid="backtest-stop">
              {STOPS.map((s) => <option key={s} value={s}>{t(`backtest.stops.${s}`)}</option>)}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-[11px] text-muted">
            {t('backtest.pattern')}
            <select className={`${sel} max-w-[14rem]`} value={pattern} onChange={(e) => set({ pattern: e.target.value || undefined })} data-testid="backtest-pattern">
              <option value="">{t('backtest.allPatterns')}</option>
              {traded.map((p) => <option key={p.label} value={p.label}>{signalName(p.name, p.label, lang)}</option>)}
            </select>
          </label>
          <fieldset className="flex flex-wrap items-end gap-2">
            <legend className="sr-only">{t('backtest.period')}</legend>
            <label className="flex flex-col gap-1 text-[11px] text-muted">
              {t('backtest.from')}
              <input type="date" className={sel} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} data-testid="backtest-from" aria-invalid={periodInvalid} />
            </label>
            <label className="flex flex-col gap-1 text-[11px] text-muted">
              {t('backtest.to')}
              <input type="date" className={sel} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} data-testid="backtest-to" aria-invalid={periodInvalid} />
            </label>
            <button type="submit" disabled={periodInvalid} className="rounded-md bg-primary-600 px-3 py-1 text-[12px] font-medium text-white hover:bg-primary-700 disabled:opacity-50" data-testid="backtest-apply">
              {t('backtest.apply')}
            </button>
          </fieldset>
          {periodInvalid && <p className="w-full text-[12px] text-down" role="alert">{t('backtest.periodInvalid')}</p>}
        </form>
      </Panel>

      {q.isError && !isCancelled(q.error) ? (
        <Panel><ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} /></Panel>
      ) : !data ? (
        <Panel><div className="p-3"><Skeleton className="h-56 w-full sm:h-72" /></div><TableSkeleton /></Panel>
      ) : data.candles === 0 ? (
        <Panel><EmptyState title={t('backtest.noCandles')} body={t('backtest.noCandlesBody')} testId="backtest-empty" /></Panel>
      ) : (
        <>
          <Panel title={focus ? t('backtest.chartTitle', { pattern: signalName(focus.name, focus.label, lang), coin: data.coin.symbol, timeframe: t(`tf.${data.timeframe}`) }) : undefined}>
            <p className="num px-3 pt-2 text-[12px] text-muted sm:px-4" data-testid="backtest-summary" aria-busy={q.isFetching}>
              {t('backtest.summary', {
                from: date(data.from), to: date(data.to), candles: formatNumber(data.candles), horizon: formatNumber(data.horizon), fee: formatNumber(data.fee_pct, 2),
                split: date(data.split), hold: signedPct(data.buy_hold.all, 1), holdIn: signedPct(data.buy_hold.in_sample, 1), holdOut: signedPct(data.buy_hold.out_of_sample, 1),
              })}
            </p>
            {focus && focus.all.trades > 0 ? (
              <Suspense fallback={<div className="p-3"><Skeleton className="h-56 w-full sm:h-72" /></div>}>
                <BacktestChart strategy={focus.equity} hold={data.buy_hold_equity} strategyLabel={signalName(focus.name, focus.label, lang)} holdLabel={t('backtest.buyHold')} />
              </Suspense>
            ) : (
              <EmptyState title={t('backtest.noTrades')} body={t('backtest.noTradesBody')} testId="backtest-no-trades" />
            )}
          </Panel>
          <Panel title={t('backtest.tableTitle')}>
            <div className="overflow-x-auto">
              <table className="w-full text-[12px] max-sm:block" data-testid="backtest-table">
                <thead className="border-b border-border max-sm:hidden">
                  <tr>
                    <th className={`${thBase} text-left`}>{t('backtest.col.pattern')}</th>
                    <th className={`${thBase} text-left`}>{t('backtest.col.part')}</th>
                    <th className={th}>{t('backtest.col.trades')}</th>
                    <th className={th}>{t('backtest.col.winRate')}</th>
                    <th className={th}>{t('backtest.col.mean')}</th>
                    <th className={th}>{t('backtest.col.meanCi')}</th>
                    <th className={th}>{t('backtest.col.effectiveN')}</th>
                    <th className={th}>{t('backtest.col.total')}</th>
                    <th className={th}>{t('backtest.col.profitFactor')}</th>
                    <th className={th}>{t('backtest.col.maxDrawdown')}</th>
                    <th className={th}>{t('backtest.col.verdict', { m: formatNumber(data.holm_family) })}</th>
                    <th className={th}>{t('backtest.col.buyHold')}</th>
                  </tr>
                </thead>
                {shown.map((p) => (
                  <tbody key={p.label} className={`border-b border-border last:border-0 max-sm:block max-sm:px-3 max-sm:py-2 ${focus?.label === p.label ? 'bg-surface-2' : ''}`} data-testid="backtest-row" data-label={p.label}>
                    {(['all', 'in_sample', 'out_of_sample'] as const).map((part, k) => (
                      <tr key={part} className="max-sm:grid max-sm:grid-cols-4 max-sm:gap-x-3 max-sm:py-1">
                        {k === 0 && (
                          <th scope="rowgroup" rowSpan={3} className="min-w-[8rem] px-2 py-1.5 text-left align-top font-medium max-sm:col-span-4 max-sm:min-w-0 max-sm:px-0">
                            <button type="button" className="text-left hover:underline" onClick={() => set({ pattern: p.label })} aria-label={t('backtest.showCurve', { pattern: signalName(p.name, p.label, lang) })}>
                              {signalName(p.name, p.label, lang)}
                            </button>
                            <span className={`ml-1 text-[11px] ${p.direction === 'bullish' ? 'text-up' : 'text-down'}`}>{t(`backtest.side.${p.direction}`)}</span>
                          </th>
                        )}
                        <td className="px-2 py-1.5 text-left whitespace-nowrap text-muted max-sm:col-span-4 max-sm:px-0 max-sm:pt-1 max-sm:pb-0 max-sm:font-medium">{t(`backtest.part.${part}`)}</td>
                        <StatCells s={p[part]} testId={k === 0 ? 'backtest-trades' : undefined} col={(c) => t(`backtest.col.${c}`, { m: formatNumber(data.holm_family) })} verdict={(v) => t(`backtest.verdict.${v}`)} />
                        <td className={`${statTd} ${tone(p[part].buy_hold_return_pct)}`} data-col={t('backtest.col.buyHold')}>{signedPct(p[part].buy_hold_return_pct, 1)}</td>
                      </tr>
                    ))}
                  </tbody>
                ))}
              </table>
            </div>
            <p className="border-t border-border px-3 py-2 text-[11px] text-muted sm:px-4">{t('backtest.howToRead')}</p>
            <p className="px-3 pb-2 text-[11px] text-muted sm:px-4" data-testid="backtest-method">
              {t('backtest.method', { m: formatNumber(data.holm_family), carried: formatNumber(data.patterns.reduce((a, p) => a + p.out_of_sample.carried_over, 0)) })}
            </p>
          </Panel>
        </>
      )}
    </div>
  );
}
