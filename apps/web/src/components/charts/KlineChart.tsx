import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  createChart,
  createSeriesMarkers,
  type ISeriesMarkersPluginApi,
  type IPriceLine,
  type SeriesMarker,
  type Time,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type UTCTimestamp,
  type ChartOptions,
  type DeepPartial,
} from 'lightweight-charts';
import { chartPriceColors } from '../../lib/price-colors';
import { usePriceColors } from '../../lib/use-price-colors';
import { useTranslation } from 'react-i18next';
import type { Candle, Timeframe } from '@coinlens/contracts';
import type { Theme } from '../../lib/theme';
import { formatCompact, formatDateTimeUtc, formatPrice } from '../../lib/format';
import { markFirstContent } from '../../lib/perf-marks';
import { MarkerLayer, type HoveredMarker, type MarkerAnchor } from './MarkerLayer';
import { coalesceCandles, type CandleCoalescer } from './candle-coalescer';
import { formatTickMark } from './tick-format';

/** Imperative handle: live candle updates from the market stream. */
export interface KlineChartHandle {
  /**
   * Updates the forming candle in place, or appends it when it is newer than the last bar; drawn
   * coalesced, at most once per LIVE_REDRAW_MS (candle-coalescer.ts).
   */
  updateCandle(candle: Candle): void;
}

/** Colours of a chart. */
export interface Palette {
  bg: string;
  text: string;
  grid: string;
  border: string;
  up: string;
  down: string;
  upVol: string;
  downVol: string;
  crosshair: string;
}

/** Chart colours per theme (match the CSS tokens in styles.css). */
export const CHART_PALETTES: Record<Theme, Palette> = {
  light: {
    bg: '#ffffff',
    text: '#5b6678',
    grid: '#eef1f6',
    border: '#e3e8ef',
    up: '#0a9b63',
    down: '#e0384b',
    upVol: 'rgba(10, 155, 99, 0.45)',
    downVol: 'rgba(224, 56, 75, 0.45)',
    crosshair: '#8b97ab',
  },
  dark: {
    bg: '#121826',
    text: '#8b97ab',
    grid: '#1c2434',
    border: '#243047',
    up: '#1fc47d',
    down: '#f6465d',
    upVol: 'rgba(31, 196, 125, 0.45)',
    downVol: 'rgba(246, 70, 93, 0.45)',
    crosshair: '#5b6678',
  },
};

/** Font size of the chart's axes and labels, in CSS px. */
const CHART_FONT_SIZE = 11;
/**
 * Font family of the chart: lightweight-charts' own default, named here so that the price axis can
 * be measured before the chart draws ({@link reservedPriceAxisWidth}).
 */
export const CHART_FONT_FAMILY = `-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;

/** The label width lightweight-charts assumes for an axis without labels (`Constants.DefaultOptimalWidth`). */
const EMPTY_AXIS_LABEL_PX = 34;

/**
 * Width in CSS px that lightweight-charts gives the price axis when its widest label is
 * `labelWidth` px wide at `fontSize` px (5.2, `PriceAxisWidget.optimalWidth`): border 1 + tick 5 +
 * inner and outer padding (fontSize / 12 × 5 each) + label offset 5 + the label, rounded up to an
 * even number. An axis without labels measures its label as 34 px: 56 px at 11 px.
 */
export function priceAxisWidth(labelWidth: number, fontSize = CHART_FONT_SIZE): number {
  const w = Math.ceil(1 + 5 + 2 * (fontSize / 12) * 5 + 5 + labelWidth);
  return w + (w % 2);
}

/**
 * The price axis width (CSS px) to reserve for a chart of prices about `price` (quote currency):
 * its labels (`formatPrice`) measured with `measure` (text → px in the chart's font), the wider of
 * the price and 1.25 × it (the axis' upper ticks), through {@link priceAxisWidth}; `format` is the
 * axis' price format ({@link axisPriceFormat}). 0 (no reserve)
 * for an unknown price or when nothing can be measured.
 *
 * Why: a chart created before its candles draws an axis of the empty width (56 px); the candles'
 * labels widen it, and the chart then sizes all its canvases a second time (at the device's pixel
 * ratio: seven bitmaps reallocated). Reserved as `minimumWidth`, the axis has its final width from
 * the first draw.
 */
export function reservedPriceAxisWidth(price: number | null | undefined, measure: (text: string) => number, format: (v: number) => string = formatPrice): number {
  if (price == null || !Number.isFinite(price) || price <= 0) return 0;
  const label = Math.max(measure(format(price)), measure(format(price * 1.25)));
  // never below the empty axis' width: the axis would shrink to it when the candles arrive
  return label > 0 ? priceAxisWidth(Math.max(label, EMPTY_AXIS_LABEL_PX)) : 0;
}

/** Charts narrower than this (CSS px; phones) write prices of 1,000 and more without decimals on the price axis. */
export const NARROW_CHART_PX = 640;

/**
 * The price format of a chart's price axis, its last-price and level tags and its crosshair label
 * (the legend above the chart keeps {@link formatPrice}): on a chart narrower than
 * {@link NARROW_CHART_PX}, prices of 1,000 and more are rounded to whole units ("103,906"), as
 * their ".50" took a quarter of a phone's chart width for a precision of 0.0005 %; else formatPrice.
 */
export function axisPriceFormat(chartWidth: number): (v: number) => string {
  if (chartWidth >= NARROW_CHART_PX) return formatPrice;
  return (v) => (Math.abs(v) >= 1000 ? formatPrice(Math.round(v)).replace(/\.00$/, '') : formatPrice(v));
}

/**
 * Options of a level line (support/resistance) on the candles: dashed, with its title. On a narrow
 * chart its tag on the price axis is left out: at a phone's axis height it covered a tick label of
 * the axis (the line and its title in the pane stay).
 */
export function levelLineOptions(line: { price: number; color: string; title: string }, chartWidth: number) {
  return { price: line.price, color: line.color, lineWidth: 1 as const, lineStyle: 2 as const, axisLabelVisible: chartWidth >= NARROW_CHART_PX, title: line.title };
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** Width in CSS px of `text` in the chart's font (0 where the browser has no canvas text metrics). */
function measureChartText(text: string): number {
  if (measureContext === undefined) {
    try {
      measureContext = document.createElement('canvas').getContext('2d');
    } catch {
      measureContext = null;
    }
    if (measureContext) measureContext.font = `${CHART_FONT_SIZE}px ${CHART_FONT_FAMILY}`;
  }
  return measureContext?.measureText(text).width ?? 0;
}

/**
 * Options of a new chart: `palette` colours, `width` × `height` px, `locale` (BCP 47, the app's
 * language) for the time axis and the crosshair's date (lightweight-charts would take the
 * browser's language, `navigator.language`, otherwise), and `priceAxisMinWidth` px reserved for
 * the price axis ({@link reservedPriceAxisWidth}; 0: none).
 */
export function chartOptions(p: Palette, width: number, height: number, locale: string, priceAxisMinWidth = 0): DeepPartial<ChartOptions> {
  return {
    width,
    height,
    localization: { locale },
    layout: { background: { type: ColorType.Solid, color: p.bg }, textColor: p.text, fontSize: CHART_FONT_SIZE, fontFamily: CHART_FONT_FAMILY },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    crosshair: { mode: CrosshairMode.Normal },
    rightPriceScale: { borderColor: p.border, minimumWidth: priceAxisMinWidth },
    timeScale: { borderColor: p.border, timeVisible: true, secondsVisible: false, rightOffset: 4, tickMarkFormatter: formatTickMark },
  };
}

/** The volume histogram's own (hidden) price scale, overlaid on the candles' pane. */
const VOLUME_SCALE = 'volume';

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

function toBar(c: Candle) {
  return { time: toTime(c.time), open: c.open, high: c.high, low: c.low, close: c.close };
}

function toVol(c: Candle, p: Palette) {
  return { time: toTime(c.time), value: c.volume, color: c.close >= c.open ? p.upVol : p.downVol };
}

interface Legend {
  o: number;
  h: number;
  l: number;
  c: number;
  v: number | null;
}

/**
 * K-line chart (lightweight-charts v5): candlesticks, with the volume histogram overlaid along the
 * bottom of the same pane, crosshair with an OHLC legend, resized with the container, coloured per theme.
 * `candles` are the closed candles, `forming` the current one (drawn last).
 */
export const KlineChart = forwardRef<KlineChartHandle, {
  candles: Candle[];
  forming: Candle | null;
  timeframe: Timeframe;
  theme: Theme;
  height?: number;
  /** Optional markers on the candles (e.g. logged signals), oldest first. */
  markers?: SeriesMarker<Time>[];
  /** Optional horizontal price lines (e.g. support / resistance). */
  priceLines?: { price: number; color: string; title: string }[];
  /** Tooltip content of a hovered marker (by marker id); null or undefined draws none. */
  markerTip?: (id: string) => ReactNode;
  /** A recent price of the instrument (quote currency), to size the price axis before the candles arrive. */
  priceHint?: number | null;
}>(function KlineChart({ candles, forming, timeframe, theme, height = 420, markers, priceLines, markerTip, priceHint }, ref) {
  const { t, i18n } = useTranslation('coin');
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const lastTimeRef = useRef<number>(0);
  const priceColors = usePriceColors();
  const paletteRef = useRef<Palette>(chartPriceColors(CHART_PALETTES[theme], priceColors));
  const localeRef = useRef(i18n.language);
  // measured once per price, not on every render (the crosshair's legend re-renders on each move)
  // the chart's width is known once it is created; the window's width decides phone or not before
  const [axisFormat] = useState(() => axisPriceFormat(typeof window === 'undefined' ? NARROW_CHART_PX : window.innerWidth));
  const axisFormatRef = useRef(axisFormat);
  const axisWidth = useMemo(() => reservedPriceAxisWidth(priceHint, measureChartText, axisFormat), [priceHint, axisFormat]);
  const axisWidthRef = useRef(axisWidth);
  const [legend, setLegend] = useState<Legend | null>(null);
  const [hovered, setHovered] = useState<HoveredMarker | null>(null);
  const [anchors, setAnchors] = useState<MarkerAnchor[]>([]);
  // Counts the charts created (0: none yet). Data, markers and lines are applied in the commit after
  // a creation, so creating the chart and its first draw with data are two shorter tasks, not one
  // long one; and a re-created chart (new height) gets them again.
  const [created, setCreated] = useState(0);
  const markerListRef = useRef<SeriesMarker<Time>[] | undefined>(markers);
  const anchorFrame = useRef<number | null>(null);
  /** Recomputes (on the next animation frame) where the visible markers are drawn, for their keyboard targets. */
  const placeAnchors = useCallback(() => {
    if (anchorFrame.current !== null) return;
    anchorFrame.current = requestAnimationFrame(() => {
      anchorFrame.current = null;
      const chart = chartRef.current;
      const series = candleRef.current;
      const el = containerRef.current;
      const list = markerListRef.current;
      if (!chart || !series || !el || !list?.length) return setAnchors((a) => (a.length ? [] : a));
      const w = el.clientWidth;
      const bars = new Map((series.data() as ReadonlyArray<{ time: Time; high?: number; low?: number }>).map((b) => [b.time as number, b]));
      const out: MarkerAnchor[] = [];
      for (const m of list) {
        if (m.id === undefined) continue;
        const x = chart.timeScale().timeToCoordinate(m.time);
        const b = bars.get(m.time as number);
        if (x === null || x < 0 || x > w || !b || b.high === undefined || b.low === undefined) continue;
        const above = m.position === 'aboveBar';
        const y = series.priceToCoordinate(above ? b.high : b.low);
        if (y === null) continue;
        out.push({ id: m.id, time: m.time as number, x, y: above ? y - 12 : y + 12 });
      }
      setAnchors(out);
    });
  }, []);

  // Create once.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const p = paletteRef.current;
    const chart = createChart(el, chartOptions(p, el.clientWidth, height, localeRef.current, axisWidthRef.current));
    const candleSeries = chart.addSeries(CandlestickSeries, {
      upColor: p.up,
      downColor: p.down,
      borderVisible: false,
      wickUpColor: p.up,
      wickDownColor: p.down,
      priceFormat: { type: 'custom', formatter: axisFormatRef.current, minMove: 1e-8 },
    });
    // Volume as an overlay along the bottom fifth of the candles' pane, on a scale of its own (as
    // TradingView draws it by default), not a second pane: a second pane's canvases and price axis
    // made the chart's first two draws ~15 % longer (166 + 277 ms against 138 + 241 ms in one trace
    // each at 4× CPU throttling).
    const volumeSeries = chart.addSeries(HistogramSeries, {
      priceFormat: { type: 'custom', formatter: (v: number) => formatCompact(v), minMove: 1e-8 },
      priceScaleId: VOLUME_SCALE,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    candleSeries.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.22 } });
    chartRef.current = chart;
    candleRef.current = candleSeries;
    volumeRef.current = volumeSeries;

    const onMove = (param: MouseEventParams) => {
      const bar = param.seriesData.get(candleSeries) as { open: number; high: number; low: number; close: number } | undefined;
      const vol = param.seriesData.get(volumeSeries) as { value: number } | undefined;
      setLegend(bar && 'open' in bar ? { o: bar.open, h: bar.high, l: bar.low, c: bar.close, v: vol?.value ?? null } : null);
      const id = param.hoveredInfo?.objectId ?? param.hoveredObjectId;
      // the pointer moves the tooltip; a marker opened from the keyboard keeps its tooltip until blurred
      setHovered((h) => (typeof id === 'string' && param.point ? { id, x: param.point.x, y: param.point.y } : h?.focus ? h : null));
    };
    chart.subscribeCrosshairMove(onMove);
    chart.timeScale().subscribeVisibleLogicalRangeChange(placeAnchors);

    const ro = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? el.clientWidth);
      if (w > 0) chart.resize(w, height);
      placeAnchors();
    });
    ro.observe(el);
    // hidden until its data is drawn: an empty chart's narrower price axis would move once it is
    el.style.visibility = 'hidden';
    setCreated((n) => n + 1);
    return () => {
      ro.disconnect();
      chart.unsubscribeCrosshairMove(onMove);
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(placeAnchors);
      if (anchorFrame.current !== null) cancelAnimationFrame(anchorFrame.current);
      anchorFrame.current = null;
      chart.remove();
      markersRef.current = null;
      chartRef.current = null;
      candleRef.current = null;
      volumeRef.current = null;
    };
  }, [height, placeAnchors]);

  // The app's language, not the browser's: time-axis labels and the crosshair's date follow it.
  useEffect(() => {
    if (localeRef.current === i18n.language) return; // the chart was created with it
    localeRef.current = i18n.language;
    chartRef.current?.applyOptions({ localization: { locale: i18n.language } });
  }, [i18n.language]);

  // Another instrument's prices (e.g. the page moved to another coin): its own reserve.
  useEffect(() => {
    if (axisWidthRef.current === axisWidth) return; // the chart was created with it
    axisWidthRef.current = axisWidth;
    chartRef.current?.applyOptions({ rightPriceScale: { minimumWidth: axisWidth } });
  }, [axisWidth]);

  // Theme colours (and the rise/fall convention of Settings → Appearance).
  useEffect(() => {
    const p = chartPriceColors(CHART_PALETTES[theme], priceColors);
    paletteRef.current = p;
    chartRef.current?.applyOptions({
      layout: { background: { type: ColorType.Solid, color: p.bg }, textColor: p.text },
      grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
      rightPriceScale: { borderColor: p.border },
      timeScale: { borderColor: p.border },
      crosshair: { vertLine: { color: p.crosshair }, horzLine: { color: p.crosshair } },
    });
    candleRef.current?.applyOptions({ upColor: p.up, downColor: p.down, wickUpColor: p.up, wickDownColor: p.down });
    // Re-colour volume bars.
    const vols = volumeRef.current?.data() as Array<{ time: UTCTimestamp; value: number; color?: string }> | undefined;
    const bars = candleRef.current?.data() as Array<{ time: UTCTimestamp; open: number; close: number }> | undefined;
    if (vols && bars && vols.length === bars.length) {
      volumeRef.current?.setData(vols.map((v, i) => ({ time: v.time, value: v.value, color: bars[i].close >= bars[i].open ? p.upVol : p.downVol })));
    }
  }, [theme, priceColors]);

  // Data.
  useEffect(() => {
    if (!created) return;
    liveRef.current?.clear(); // queued live updates belong to the data being replaced
    const p = paletteRef.current;
    const all = forming && (!candles.length || forming.time > candles[candles.length - 1].time) ? [...candles, forming] : candles;
    candleRef.current?.setData(all.map(toBar));
    volumeRef.current?.setData(all.map((c) => toVol(c, p)));
    lastTimeRef.current = all.length ? all[all.length - 1].time : 0;
    chartRef.current?.timeScale().applyOptions({ timeVisible: timeframe !== '1d' });
    if (all.length) {
      // About 7 px per bar: ~160 bars on a desktop chart, ~50 on a phone.
      const width = containerRef.current?.clientWidth ?? 800;
      const visible = Math.max(40, Math.min(timeframe === '1d' ? 120 : 160, Math.round(width / 7)));
      chartRef.current?.timeScale().setVisibleLogicalRange({ from: Math.max(0, all.length - visible), to: all.length + 3 });
    }
    if (containerRef.current) containerRef.current.style.visibility = '';
    placeAnchors();
    if (all.length) markFirstContent('coinlens:chart');
  }, [created, candles, forming, timeframe, placeAnchors]);

  // Markers and price lines.
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  useEffect(() => {
    const series = candleRef.current;
    if (!created || !series) return;
    if (!markersRef.current) markersRef.current = createSeriesMarkers(series, []);
    markersRef.current.setMarkers(markers ?? []);
    markerListRef.current = markers;
    placeAnchors();
  }, [created, markers, height, placeAnchors]);
  useEffect(() => {
    const series = candleRef.current;
    if (!created || !series || !priceLines?.length) return;
    const width = containerRef.current?.clientWidth ?? NARROW_CHART_PX;
    const lines: IPriceLine[] = priceLines.map((l) => series.createPriceLine(levelLineOptions(l, width)));
    return () => lines.forEach((l) => candleRef.current?.removePriceLine(l));
  }, [created, priceLines, height]);

  // Live updates: at most one redraw per LIVE_REDRAW_MS, on an animation frame. The container's
  // `data-live-updates` counts the candles drawn so (what the e2e test watches).
  const liveRef = useRef<CandleCoalescer | null>(null);
  useEffect(() => {
    let drawn = 0;
    const live = coalesceCandles((c) => {
      if (!candleRef.current || !volumeRef.current || !lastTimeRef.current) return;
      if (c.time < lastTimeRef.current) return;
      candleRef.current.update(toBar(c));
      volumeRef.current.update(toVol(c, paletteRef.current));
      lastTimeRef.current = c.time;
      containerRef.current?.setAttribute('data-live-updates', String(++drawn));
    });
    liveRef.current = live;
    return () => live.dispose();
  }, []);
  useImperativeHandle(ref, () => ({
    updateCandle(c: Candle) {
      liveRef.current?.push(c);
    },
  }));

  return (
    <div className="relative">
      <div className="num pointer-events-none absolute top-1 left-2 z-10 flex flex-wrap gap-x-2 text-[11px] text-muted" aria-hidden="true">
        {legend && (
          <>
            <span>{t('chart.ohlc', { o: formatPrice(legend.o), h: formatPrice(legend.h), l: formatPrice(legend.l), c: formatPrice(legend.c) })}</span>
            {legend.v != null && (
              <span>
                {t('chart.volume')} {formatCompact(legend.v)}
              </span>
            )}
          </>
        )}
      </div>
      <div ref={containerRef} className="w-full" style={{ height }} data-testid="kline-chart" />
      <MarkerLayer
        anchors={anchors}
        hovered={hovered}
        onHover={setHovered}
        markerTip={markerTip}
        width={containerRef.current?.clientWidth ?? 0}
        label={(a, i, n) => t('chart.marker', { index: i + 1, count: n, time: formatDateTimeUtc(a.time * 1000, i18n.language) })}
      />
    </div>
  );
});
