import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Coin, CoinRef, LabelledTaResult, TaLevel, TaTimeframe } from '@coinlens/contracts';
import { TA_TIMEFRAMES, timeframeLabel } from '@coinlens/contracts/common/timeframe';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../../components/ui';
import { errorKey, isCancelled } from '../../../lib/api';
import { formatNumber, formatPrice } from '../../../lib/format';
import { DirectionVerdict, SignalChips, TaFacts, TimeframeSelector, SignalLogTable, accuracyText, useCoinTa, useLatestAccuracy, useTrackRecord, AccuracyVsBase } from '../../signals';
import { useMe } from '../../../lib/session';
import { useLivePrice } from '../../../lib/live-prices';
import { levelsAtPrice } from './levels';

const KEY_INDICATORS = ['rsi_14', 'macd', 'macd_signal', 'macd_hist', 'adx_14', 'atr_14', 'stoch_k', 'mfi_14', 'cci_20', 'ema_20', 'sma_50', 'sma_200', 'bb_upper', 'bb_lower'] as const;
const PRICE_LIKE = new Set(['atr_14', 'ema_20', 'sma_50', 'sma_200', 'bb_upper', 'bb_lower', 'macd', 'macd_signal', 'macd_hist']);

function Levels({ title, levels, testId }: { title: string; levels: TaLevel[]; testId: string }) {
  const { t } = useTranslation('signals');
  return (
    <div className="min-w-0" data-testid={testId}>
      <h4 className="mb-1 text-[11px] text-muted">{title}</h4>
      {levels.length ? (
        <ul className="flex flex-col gap-0.5">
          {levels.slice(0, 4).map((l) => (
            <li key={l.price} className="num flex justify-between gap-2 text-[12px]" data-price={l.price}>
              <span className="font-medium">{formatPrice(l.price)}</span>
              <span className="text-muted">{t('levels.distance', { pct: `${formatNumber(l.distance_pct, 2)} %` })} · {t('levels.touches', { count: l.touches })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-[12px] text-muted">{t('levels.none')}</p>
      )}
    </div>
  );
}

/**
 * Support and resistance of an analysis at the live price: the levels are found at the last closed
 * candle, the live price decides which side each is on now and its distance. The one part of the
 * panel that follows every tick (the rest is not re-rendered by ticks).
 */
function LiveLevels({ ta, symbol, fallbackPrice }: { ta: LabelledTaResult; symbol: string | undefined; fallbackPrice: number | null | undefined }) {
  const { t } = useTranslation('signals');
  const live = useLivePrice(symbol);
  // the same price the chart's lines are split at (live, else the page's last price, else the analysed close)
  const price = live?.lastPrice ?? fallbackPrice;
  const levels = levelsAtPrice(ta.support, ta.resistance, price != null && price > 0 ? price : ta.last_price);
  return (
    <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2" data-testid="ta-levels">
      <Levels title={t('levels.resistance')} levels={levels.resistance} testId="ta-resistance" />
      <Levels title={t('levels.support')} levels={levels.support} testId="ta-support" />
    </div>
  );
}

/** The analysis facts with their nearest levels split at the live price (the chart's and LiveLevels' price). */
function LiveTaFacts({ ta, symbol, fallbackPrice }: { ta: LabelledTaResult; symbol: string | undefined; fallbackPrice: number | null | undefined }) {
  const live = useLivePrice(symbol);
  return <TaFacts ta={ta} price={live?.lastPrice ?? fallbackPrice} />;
}

function Indicators({ ta }: { ta: LabelledTaResult }) {
  const { t } = useTranslation('signals');
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3" data-testid="ta-indicators">
      {KEY_INDICATORS.map((k) => {
        const v = ta.indicators[k];
        return (
          // The value keeps its line and the label wraps (min-w-0): a long value (a meme coin's
          // MACD) stays in its cell instead of running into the next column's label; the floating
          // back-to-top button hides rather than cover a value (data-avoid-back-to-top)
          <div key={k} className="flex min-w-0 justify-between gap-2 border-b border-border py-1 text-[12px]">
            <dt className="min-w-0 text-muted">{t(`indicator.${k}`)}</dt>
            <dd className="num shrink-0 text-right font-medium whitespace-nowrap" data-avoid-back-to-top="">{v == null ? '—' : PRICE_LIKE.has(k) ? formatPrice(v) : formatNumber(v, 2)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Per-timeframe summary row: trend, intensity, direction of each analysed timeframe. */
function PerTimeframe({ coinRef, timeframes }: { coinRef: CoinRef; timeframes: TaTimeframe[] }) {
  const { t } = useTranslation('signals');
  return (
    <ul className="flex flex-col gap-1" data-testid="ta-per-timeframe">
      {timeframes.map((tf) => <PerTimeframeRow key={tf} coinRef={coinRef} tf={tf} />)}
      {!timeframes.length && <li className="text-[12px] text-muted">{t('levels.none')}</li>}
    </ul>
  );
}

function PerTimeframeRow({ coinRef, tf }: { coinRef: CoinRef; tf: TaTimeframe }) {
  const { t } = useTranslation('signals');
  const q = useCoinTa(coinRef, tf);
  const { lang = 'en-US' } = useParams();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[12px]">
      <span className="num w-8 font-semibold">{timeframeLabel(tf)}</span>
      {q.data ? (
        <>
          <DirectionVerdict ta={q.data} showReason={false} />
          <span>{t(`trend.${q.data.market.trend}`)}</span>
          <span className="text-muted">{t(`intensity.${q.data.market.intense}`)}</span>
          <span className="text-muted">· {q.data.market.signals.length}</span>
          <Link to={`/${lang}/trading-signals?tab=backtest&coin=${encodeURIComponent(coinRef)}&timeframe=${tf}`} className="ml-auto text-primary-600 hover:underline" data-testid="coin-backtest-link">
            {t('backtest.open')}
          </Link>
        </>
      ) : (
        <Skeleton className="h-4 w-40" />
      )}
    </li>
  );
}

function CoinAccuracy({ coinRef, symbol }: { coinRef: CoinRef; symbol: string }) {
  const { t } = useTranslation('signals');
  // one coin's track record is a signal detail (Pro: signals.full); others see where to get it
  const { me } = useMe();
  const isPro = !!me?.isPro;
  const q = useTrackRecord({ coin: coinRef }, 6, isPro);
  const acc = useLatestAccuracy(coinRef);
  const { lang = 'en-US' } = useParams();
  const items = q.data?.pages[0]?.items ?? [];
  return (
    <div data-testid="coin-track-record">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-[11px] text-muted">{t('track.coinTitle', { symbol })}</h4>
        <span className="num text-[11px] text-muted">
          {acc.data ? `${t('accuracy.coin')}: ${accuracyText(t, acc.data)}` : ''}
        </span>
        <Link to={`/${lang}/trading-signals?tab=trackRecord`} className="text-[12px] text-primary-600 hover:underline">{t('track.viewAll')}</Link>
      </div>
      {acc.data && acc.data.total > 0 && <AccuracyVsBase stat={acc.data.edge} className="mb-1 text-[11px]" />}
      {!isPro ? (
        <p className="text-[12px] text-muted" data-testid="coin-track-record-pro">
          {t('track.proOnly')}{' '}
          <Link to={`/${lang}/pricing`} className="text-primary-600 hover:underline">{t('track.proOnlyCta')}</Link>
        </p>
      ) : !q.data ? <Skeleton className="h-16 w-full" /> : items.length ? <SignalLogTable items={items} compact /> : <p className="text-[12px] text-muted">{t('track.empty')}</p>}
    </div>
  );
}

/**
 * Technical-analysis section of the coin page: trend, intensity, signals, levels, probabilities,
 * indicators, per timeframe, track record. `coin` is the page's coin (its detail): its slug names
 * it in every request, its `timeframes` are those offered, its `lastPrice` places the levels until
 * a live price arrives. The analysis is requested at once (no wait for the list of all coins).
 */
export function CoinTechnicalAnalysis({ coin, timeframe, onTimeframe }: { coin: Pick<Coin, 'slug' | 'symbol' | 'timeframes' | 'lastPrice'>; timeframe: TaTimeframe; onTimeframe: (tf: TaTimeframe) => void }) {
  const { t } = useTranslation('signals');
  const coinRef: CoinRef = coin.slug;
  const symbol = coin.symbol;
  const available = TA_TIMEFRAMES.filter((tf) => coin.timeframes.includes(tf));
  // the page's timeframe, shared with the chart above (its levels are the ones drawn there)
  const tf = available.includes(timeframe) ? timeframe : (available.includes('1h') ? '1h' : available[0]);
  const setChosen = onTimeframe;
  // A coin without analysed timeframes (no market data) is not asked about: the answer could only be 404.
  const q = useCoinTa(available.length ? coinRef : undefined, tf);
  // An analysis that arrives is rendered as a transition (in slices), not in the answer's task.
  const ta = useDeferredValue(q.data);
  return (
    <Panel
      title={t('ta.title')}
      actions={available.length > 0 && tf ? <TimeframeSelector options={available.map((x) => ({ timeframe: x, label: timeframeLabel(x) }))} value={tf} onChange={setChosen} disabled={q.isFetching || available.length <= 1} /> : undefined}
    >
      <div className="p-3 sm:p-4" data-testid="coin-ta" data-state={ta ? 'ready' : 'loading'}>
        {tf && available.length > 0 && <p className="mb-2 text-[12px] text-muted" data-testid="ta-timeframe-meaning">{t(`timeframe.meaning.${timeframeLabel(tf)}`)}</p>}
        {!available.length ? (
          <EmptyState title={t('ta.empty')} body={t('ta.emptyBody')} />
        ) : q.isError && !isCancelled(q.error) ? (
          <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
        ) : !ta ? (
          <div className="flex flex-col gap-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <DirectionVerdict ta={ta} />
              <span className="text-[12px] text-muted">{t('ta.markers')}</span>
            </div>
            <LiveTaFacts ta={ta} symbol={symbol} fallbackPrice={coin.lastPrice} />
            <div>
              <h4 className="mb-1 text-[11px] text-muted">{t('signalsFired')}</h4>
              <SignalChips ta={ta} />
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="flex flex-col gap-3">
                <h4 className="text-[11px] font-medium text-fg" title={t('ta.levelsLive')}>{t('ta.levelsOfChart', { tf: ta.current.timeframe })}</h4>
                <LiveLevels ta={ta} symbol={symbol} fallbackPrice={coin.lastPrice} />
                <h4 className="text-[11px] font-medium text-fg">{t('ta.perTimeframe')}</h4>
                <PerTimeframe coinRef={coinRef} timeframes={available} />
              </div>
              <div>
                <h4 className="mb-1 text-[11px] font-medium text-fg">{t('ta.indicators')}</h4>
                <Indicators ta={ta} />
              </div>
            </div>
            <CoinAccuracy coinRef={coinRef} symbol={symbol} />
          </div>
        )}
      </div>
    </Panel>
  );
}
