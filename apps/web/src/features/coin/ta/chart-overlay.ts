import { useMemo } from 'react';
import type { SeriesMarker, Time, UTCTimestamp } from 'lightweight-charts';
import type { CoinRef, PatternStat, TaTimeframe, Timeframe, TrackRecordItem } from '@coinlens/contracts';
import { useCoinTa, usePatternStats, useTrackRecord } from '../../signals/queries';

/** Markers drawn at most (the newest logged signals of the chart's timeframe). */
export const MAX_SIGNAL_MARKERS = 60;

const COLORS = { bullish: '#1fa971', bearish: '#e8455a', neutral: '#8b97ab', support: '#1fa971', resistance: '#e8455a' } as const;

const isTa = (tf: Timeframe): tf is TaTimeframe => tf === '5m' || tf === '1h' || tf === '1d';

/**
 * Chart overlay of a coin on a timeframe: markers of its logged signals (arrow up below the bar for
 * bullish, arrow down above for bearish, circle for neutral; coloured by outcome once scored) and
 * the nearest support / resistance as dashed price lines. Empty for timeframes without analysis.
 * `tipOf(markerId)` gives the signals of a marker's candle with their pattern's record on this
 * timeframe (all coins, last 7 days: hit rate, baseline, edge with 95 % interval) for its tooltip.
 */
export function useSignalOverlay(coinRef: CoinRef, timeframe: Timeframe, labels: { support: string; resistance: string }) {
  const ta = isTa(timeframe) ? timeframe : undefined;
  const track = useTrackRecord({ coin: coinRef, timeframe: ta }, MAX_SIGNAL_MARKERS);
  const analysis = useCoinTa(ta ? coinRef : undefined, ta);
  const items = ta ? track.data?.pages[0]?.items : undefined;
  const patterns = usePatternStats({ timeframe: ta });
  const stats = ta ? patterns.data?.items : undefined;
  const markers = useMemo<SeriesMarker<Time>[]>(() => {
    if (!items) return [];
    // one marker per candle: the first signal of that candle, with the count when several fired
    const byCandle = new Map<number, { item: (typeof items)[number]; n: number }>();
    for (const it of items) {
      const e = byCandle.get(it.candle_time);
      if (e) e.n++;
      else byCandle.set(it.candle_time, { item: it, n: 1 });
    }
    return [...byCandle.values()]
      .sort((a, b) => a.item.candle_time - b.item.candle_time)
      .map(({ item, n }) => ({
        time: Math.floor(item.candle_time / 1000) as UTCTimestamp,
        position: item.direction === 'bearish' ? ('aboveBar' as const) : ('belowBar' as const),
        shape: item.direction === 'bullish' ? ('arrowUp' as const) : item.direction === 'bearish' ? ('arrowDown' as const) : ('circle' as const),
        color: COLORS[item.direction],
        text: n > 1 ? `×${n}` : '',
        id: String(item.id),
      }));
  }, [items]);
  const a = ta ? analysis.data : undefined;
  const priceLines = useMemo(() => {
    const out: { price: number; color: string; title: string }[] = [];
    if (a?.support_price != null) out.push({ price: a.support_price, color: COLORS.support, title: labels.support });
    if (a?.resistance_price != null) out.push({ price: a.resistance_price, color: COLORS.resistance, title: labels.resistance });
    return out;
  }, [a?.support_price, a?.resistance_price, labels.support, labels.resistance]);
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
