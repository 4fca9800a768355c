import { useMemo } from 'react';
import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { CoinRef, PatternStat, TaTimeframe, Timeframe, TrackRecordItem } from '@coinlens/contracts';
import { useCoinTa, usePatternStats, useTrackRecord } from '../../signals';
import { levelsAtPrice } from './levels';
import { useMe } from '../../../lib/session';
import { useLiveSelect } from '../../../lib/live-prices';

/** Markers drawn at most (the newest logged signals of the chart's timeframe). */
export const MAX_SIGNAL_MARKERS = 60;

const COLORS = { bullish: '#1fa971', bearish: '#e8455a', neutral: '#8b97ab', support: '#1fa971', resistance: '#e8455a' } as const;

const isTa = (tf: Timeframe): tf is TaTimeframe => tf === '5m' || tf === '1h' || tf === '1d';

/**
 * Chart overlay of a coin on a timeframe: markers of its logged signals (arrow up below the bar for
 * bullish, arrow down above for bearish, circle for neutral or for a candle with signals of both
 * directions — conflicting, marked "±n"; coloured by direction) and
 * the nearest support / resistance as dashed price lines — taken on the side of `symbol`'s live
 * price, else of `fallbackPrice` (quote currency; a level the live price has crossed changes role).
 * Ticks re-render the caller only when one of the two lines changes. Empty for timeframes without
 * analysis.
 * `tipOf(markerId)` gives the signals of a marker's candle with their pattern's record on this
 * timeframe (all coins, last 7 days: hit rate, baseline, edge with 95 % interval) for its tooltip.
 */
export function useSignalOverlay(coinRef: CoinRef | null, timeframe: Timeframe, labels: { support: string; resistance: string }, symbol: string | undefined, fallbackPrice?: number | null) {
  // null coinRef: a coin without market data — no analysis to draw and no request to make
  const ta = coinRef != null && isTa(timeframe) ? timeframe : undefined;
  // one coin's logged signals are a signal detail (Pro: signals.full): visitors and free users get
  // the level lines only, and no request that must answer 401/403
  const { me } = useMe();
  const track = useTrackRecord({ coin: coinRef ?? undefined, timeframe: ta }, MAX_SIGNAL_MARKERS, !!me?.isPro && !!ta);
  const analysis = useCoinTa(ta ? (coinRef ?? undefined) : undefined, ta);
  const items = ta ? track.data?.pages[0]?.items : undefined;
  // the patterns' record is only shown in a marker's tooltip: not asked for without markers (e.g.
  // for visitors and free users, who get none)
  const patterns = usePatternStats({ timeframe: ta }, !!items?.length);
  const stats = ta ? patterns.data?.items : undefined;
  const markers = useMemo<SeriesMarker<Time>[]>(() => {
    if (!items) return [];
    // one marker per candle: the first signal of that candle, with the count when several fired
    // a candle on which signals of both directions fired is drawn as one neutral circle marked "±"
    // (conflicting signals), never as an arrow of one side
    const byCandle = new Map<number, { item: (typeof items)[number]; n: number; up: boolean; down: boolean }>();
    for (const it of items) {
      const e = byCandle.get(it.candle_time) ?? { item: it, n: 0, up: false, down: false };
      e.n++;
      if (it.direction === 'bullish') e.up = true;
      if (it.direction === 'bearish') e.down = true;
      byCandle.set(it.candle_time, e);
    }
    return [...byCandle.values()]
      .sort((a, b) => a.item.candle_time - b.item.candle_time)
      .map(({ item, n, up, down }) => {
        const direction = up && down ? 'neutral' : item.direction;
        return {
          time: Math.floor(item.candle_time / 1000) as UTCTimestamp,
          position: direction === 'bearish' ? ('aboveBar' as const) : ('belowBar' as const),
          shape: direction === 'bullish' ? ('arrowUp' as const) : direction === 'bearish' ? ('arrowDown' as const) : ('circle' as const),
          color: COLORS[direction],
          text: up && down ? `±${n}` : n > 1 ? `×${n}` : '',
          id: String(item.id),
        };
      });
  }, [items]);
  const a = ta ? analysis.data : undefined;
  // the nearest level on each side of the live price: selected per tick, re-rendered when it changes
  const nearest = useLiveSelect(symbol, (live) => {
    const price = live?.lastPrice ?? fallbackPrice;
    if (!a) return '';
    const split = levelsAtPrice(a.support, a.resistance, price != null && price > 0 ? price : a.last_price);
    return `${split.support[0]?.price ?? ''}|${split.resistance[0]?.price ?? ''}`;
  });
  const [supportText = '', resistanceText = ''] = nearest.split('|');
  const support = supportText === '' ? null : Number(supportText);
  const resistance = resistanceText === '' ? null : Number(resistanceText);
  const priceLines = useMemo(() => {
    const out: { price: number; color: string; title: string; kind: 'support' | 'resistance' }[] = [];
    if (support != null) out.push({ price: support, color: COLORS.support, title: labels.support, kind: 'support' });
    if (resistance != null) out.push({ price: resistance, color: COLORS.resistance, title: labels.resistance, kind: 'resistance' });
    return out;
  }, [support, resistance, labels.support, labels.resistance]);
  const tipOf = useMemo(() => {
    const byId = new Map((items ?? []).map((it) => [String(it.id), it]));
    const byLabel = new Map((stats ?? []).map((s) => [s.label, s]));
    return (id: string): { items: TrackRecordItem[]; stats: Map<string, PatternStat> } | null => {
      const first = byId.get(id);
      if (!first) return null;
      return { items: (items ?? []).filter((it) => it.candle_time === first.candle_time), stats: byLabel };
    };
  }, [items, stats]);
  return { markers, priceLines, tipOf };
}
