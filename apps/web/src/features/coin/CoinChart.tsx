import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Candle, CandleSeries, CoinDetail, CoinRef, Timeframe } from '@coinlens/contracts';
import { useCandles } from '../../lib/market-queries';
import { useMarketStream } from '../../lib/live-prices';
import { ApiError, errorKey, isCancelled } from '../../lib/api';
import { useTheme } from '../../lib/use-theme';
import type { KlineChartHandle } from '../../components/charts/KlineChart';
import { ErrorState, Panel, Skeleton } from '../../components/ui';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useSignalOverlay } from './ta/chart-overlay';
import { hasMarketData } from '../../components/NoMarketData';
import { MarkerTip } from './ta/MarkerTip';
import { CandlePreview } from '../../components/charts/CandlePreview';
import { retryImport } from '../../lib/retry';

/** Timeframes offered on the chart. */
export const CHART_TIMEFRAMES: Timeframe[] = ['5m', '1h', '1d'];

/** The chart's height (px); CandlePreview's class `h-[420px]` says the same. */
const CHART_HEIGHT = 420;
/**
 * Heights as classes, not style attributes: the server-rendered page's Content-Security-Policy blocks
 * style attributes in its markup, and the app hydrates that markup without rewriting them.
 */
const CHART_BOX = 'h-[420px]';
const NO_MARKET_BOX = 'h-[140px]';

// The chart library (lightweight-charts) is its own chunk, requested when the panel mounts; the
// chart is created after the page's first paint, in a placeholder of the same height (no shift).
const loadKlineChart = () => import('../../components/charts/KlineChart');
const KlineChart = lazy(() => retryImport(() => loadKlineChart().then((m) => ({ default: m.KlineChart }))));

/**
 * The chart's place before it is created, same height: the candles drawn as an SVG when they are
 * there (the server sends the page with them), else a skeleton.
 */
const ChartPlaceholder = ({ data }: { data: CandleSeries | undefined }) =>
  data ? <CandlePreview candles={data.candles} forming={data.forming} className={CHART_BOX} /> : <div className={`skeleton w-full ${CHART_BOX}`} aria-hidden="true" />;

/** The chart's first timeframe for a coin: 1h when it has it, else the first it has (1h for a coin without candles). */
export function defaultChartTimeframe(coin: Pick<CoinDetail, 'timeframes'>): Timeframe {
  const available = CHART_TIMEFRAMES.filter((tf) => coin.timeframes.includes(tf));
  return available.includes('1h') ? '1h' : (available[0] ?? '1h');
}

/**
 * K-line panel of a coin: timeframe buttons, chart, live updates from the market stream. The
 * timeframe is the page's (`timeframe`, changed through `onTimeframe`): the analysis panel below
 * shows the same timeframe's snapshot, so the levels drawn here are the ones it lists.
 */
export function CoinChart({ coin, coinRef, timeframe, onTimeframe }: { coin: CoinDetail; coinRef: CoinRef; timeframe: Timeframe; onTimeframe: (tf: Timeframe) => void }) {
  const { t } = useTranslation('coin');
  const theme = useTheme();
  const noMarket = coin.timeframes.length === 0;
  const available = CHART_TIMEFRAMES.filter((tf) => coin.timeframes.includes(tf));
  const setTimeframe = onTimeframe;
  const q = useCandles(noMarket ? null : coinRef, timeframe);
  const chartRef = useRef<KlineChartHandle>(null);
  const onKline = useCallback((candle: Candle) => chartRef.current?.updateCandle(candle), []);
  useMarketStream({ symbol: coin.symbol, timeframe, onKline });
  const painted = useAfterPaint();
  useEffect(() => {
    void loadKlineChart();
  }, []);
  const overlay = useSignalOverlay(hasMarketData(coin) ? coinRef : null, timeframe, { support: t('signals:levels.support'), resistance: t('signals:levels.resistance') }, coin.symbol, coin.lastPrice);

  const data = q.data && q.data.timeframe === timeframe ? q.data : undefined;
  const notAvailable = q.error instanceof ApiError && q.error.code === 'TIMEFRAME_NOT_AVAILABLE';
  const failed = q.isError && !isCancelled(q.error) && !notAvailable;
  const empty = noMarket || notAvailable || (data && data.candles.length === 0 && !data.forming);

  return (
    <Panel
      title={t('chart.title', { symbol: coin.symbol })}
      actions={
        <div role="group" aria-label={t('chart.timeframe')} className="flex rounded-md border border-border p-0.5" data-testid="timeframes">
          {CHART_TIMEFRAMES.map((tf) => (
            <button
              key={tf}
              type="button"
              disabled={!available.includes(tf)}
              aria-pressed={tf === timeframe && !noMarket}
              data-timeframe={tf}
              onClick={() => setTimeframe(tf)}
              className={`num rounded px-2.5 py-1 text-[12px] font-medium disabled:opacity-40 ${
                tf === timeframe && !noMarket ? 'bg-primary-600 text-white' : 'text-muted hover:bg-surface-2 hover:text-fg'
              }`}
            >
              {t(`chart.tf.${tf}`)}
            </button>
          ))}
        </div>
      }
    >
      <div
        className="relative p-1 sm:p-2"
        data-testid="chart-panel"
        data-state={failed ? 'error' : empty ? 'empty' : !data ? 'loading' : 'ready'}
        data-timeframe={timeframe}
        data-support={overlay.priceLines.find((l) => l.kind === 'support')?.price ?? ''}
        data-resistance={overlay.priceLines.find((l) => l.kind === 'resistance')?.price ?? ''}
      >
        {failed ? (
          <div className={`flex items-center justify-center ${CHART_BOX}`}>
            <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
          </div>
        ) : empty ? (
          <div className={`flex items-center justify-center px-6 text-center text-[13px] text-muted ${noMarket ? NO_MARKET_BOX : CHART_BOX}`}>
            {noMarket ? (
              coin.market_data === 'quote' ? (
                t('common:market.quote')
              ) : coin.market_data === 'none' ? (
                t('common:market.noDataBody', { symbol: coin.symbol })
              ) : (
                t('chart.noMarket', { symbol: coin.symbol })
              )
            ) : (
              t('chart.empty')
            )}
          </div>
        ) : (
          <>
            {painted ? (
              <Suspense fallback={<ChartPlaceholder data={data} />}>
                <KlineChart ref={chartRef} candles={data?.candles ?? []} forming={data?.forming ?? null} timeframe={timeframe} theme={theme} height={CHART_HEIGHT} markers={overlay.markers} priceLines={overlay.priceLines} priceHint={coin.lastPrice} markerTip={(id) => { const tip = overlay.tipOf(id); return tip ? <MarkerTip items={tip.items} stats={tip.stats} /> : null; }} />
              </Suspense>
            ) : (
              <ChartPlaceholder data={data} />
            )}
            {!data && (
              <div className="absolute inset-1 sm:inset-2" aria-busy="true">
                <Skeleton className="h-full w-full" />
              </div>
            )}
          </>
        )}
      </div>
    </Panel>
  );
}
