import { useEffect, useRef } from 'react';
import { ColorType, createChart, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { CHART_PALETTES } from '../../components/charts/KlineChart';
import { useTheme } from '../../lib/use-theme';

/** A point of an equity curve: time (ms UTC) and equity (1 = start). */
export interface CurvePoint {
  t: number;
  equity: number;
}

/** The percent axis: margins of 12 % above and 8 % below the curves, so no label sits on an edge. */
export const BACKTEST_PRICE_SCALE = { borderVisible: false, scaleMargins: { top: 0.12, bottom: 0.08 } } as const;

const STRATEGY_COLOR = { light: '#2f6fed', dark: '#5b8cff' } as const;
const HOLD_COLOR = { light: '#8b97ab', dark: '#6b778c' } as const;

/** Equity (1 = start) as a percent change, at whole seconds, strictly ascending (lightweight-charts needs that). */
function toLine(points: readonly CurvePoint[]) {
  const out: { time: UTCTimestamp; value: number }[] = [];
  for (const p of points) {
    const time = Math.floor(p.t / 1000) as UTCTimestamp;
    const value = (p.equity - 1) * 100;
    if (out.length && out[out.length - 1].time >= time) out[out.length - 1] = { time: out[out.length - 1].time, value };
    else out.push({ time, value });
  }
  return out;
}

/**
 * Equity curve of one pattern's trades beside buy-and-hold of the coin over the same period, both
 * in percent from the start (lightweight-charts line series; loaded lazily with the Backtest tab).
 */
export default function BacktestChart({ strategy, hold, strategyLabel, holdLabel }: { strategy: readonly CurvePoint[]; hold: readonly CurvePoint[]; strategyLabel: string; holdLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<{ s: ISeriesApi<'Line'>; h: ISeriesApi<'Line'> } | null>(null);
  const theme = useTheme();

  useEffect(() => {
    const el = box.current!;
    const c = createChart(el, {
      autoSize: true,
      // room above and below the curves: the top and bottom values' labels ("+200.0%") were cut
      // in half at the chart's edge
      rightPriceScale: BACKTEST_PRICE_SCALE,
      timeScale: { borderVisible: false },
      localization: { priceFormatter: (v: number) => `${v >= 0 ? '+' : ''}${v.toFixed(1)}%` },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = c;
    const h = c.addSeries(LineSeries, { lineWidth: 2, lineStyle: 2, priceLineVisible: false, lastValueVisible: true, title: '' });
    const s = c.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: true, lineType: 1, title: '' });
    series.current = { s, h };
    return () => {
      c.remove();
      chart.current = null;
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const p = CHART_PALETTES[theme];
    chart.current?.applyOptions({
      layout: { background: { type: ColorType.Solid, color: p.bg }, textColor: p.text, attributionLogo: false },
      grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    });
    series.current?.s.applyOptions({ color: STRATEGY_COLOR[theme] });
    series.current?.h.applyOptions({ color: HOLD_COLOR[theme] });
  }, [theme]);

  useEffect(() => {
    if (!series.current) return;
    series.current.s.setData(toLine(strategy));
    series.current.h.setData(toLine(hold));
    chart.current?.timeScale().fitContent();
  }, [strategy, hold]);

  return (
    <div>
      <div className="flex flex-wrap gap-3 px-3 pt-2 text-[12px] text-muted sm:px-4" aria-hidden="true">
        <span className="flex items-center gap-1.5"><span className="inline-block h-0.5 w-4" style={{ background: STRATEGY_COLOR[theme] }} />{strategyLabel}</span>
        <span className="flex items-center gap-1.5"><span className="inline-block h-0 w-4 border-t-2 border-dashed" style={{ borderColor: HOLD_COLOR[theme] }} />{holdLabel}</span>
      </div>
      <div ref={box} className="h-56 w-full sm:h-72" role="img" aria-label={`${strategyLabel} / ${holdLabel}`} data-testid="backtest-chart" />
    </div>
  );
}
