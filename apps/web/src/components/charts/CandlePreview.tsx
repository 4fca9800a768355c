import type { Candle } from '@coinlens/contracts';
import { formatUsd } from '../../lib/format';
import { elementTiming } from '../../lib/perf-marks';

/** Candles drawn: about the chart's first visible range on a phone and on a wider screen (KlineChart: ~7 px a bar). */
const PHONE_BARS = 50;
const WIDE_BARS = 140;

/**
 * The last candles drawn as an SVG, in the chart's place and size, until the chart library has
 * loaded and drawn the interactive chart: the server sends it with the coin page (entry-server.tsx),
 * so the candles are on screen with the HTML. Bodies and wicks in the rise/fall colours (they follow
 * the theme and the red-up setting through CSS), the highest high, the lowest low and the last close
 * on the right, where the chart's price axis (64 px) will be; the time axis's 28 px stay free.
 * `candles`: closed candles, oldest first; `forming`: the open candle, if any; `className`: its
 * height (a class: the Content-Security-Policy blocks style attributes in server-rendered HTML).
 */
export function CandlePreview({ candles, forming, className }: { candles: Candle[]; forming: Candle | null; className: string }) {
  const all = forming && (!candles.length || forming.time > candles[candles.length - 1].time) ? [...candles, forming] : candles;
  if (!all.length) return <div className={`skeleton w-full ${className}`} aria-hidden="true" />;
  const last = all[all.length - 1];
  return (
    <div className={`relative w-full ${className}`} data-testid="chart-preview" aria-hidden="true">
      <Bars candles={all.slice(-PHONE_BARS)} className="md:hidden" />
      <Bars candles={all.slice(-WIDE_BARS)} className="hidden md:block" />
      <span className="num absolute top-0 right-1 text-[11px] text-muted">
        {formatUsd(Math.max(...all.slice(-WIDE_BARS).map((c) => c.high)))}
      </span>
      <span className="num absolute top-[45%] right-1 rounded bg-surface-2 px-1 text-[11px] font-medium text-fg" {...elementTiming('coinlens:chart')}>
        {formatUsd(last.close)}
      </span>
      <span className="num absolute right-1 bottom-7 text-[11px] text-muted">
        {formatUsd(Math.min(...all.slice(-WIDE_BARS).map((c) => c.low)))}
      </span>
    </div>
  );
}

/** The candles of one layout, scaled to the drawing area (each candle a slot of 10 units, 1000 units high). */
function Bars({ candles, className }: { candles: Candle[]; className: string }) {
  const high = Math.max(...candles.map((c) => c.high));
  const low = Math.min(...candles.map((c) => c.low));
  const span = high - low || 1;
  const y = (price: number) => ((high - price) / span) * 1000;
  return (
    <svg
      className={`absolute top-0 left-0 h-[calc(100%-28px)] w-[calc(100%-64px)] ${className}`}
      viewBox={`0 0 ${candles.length * 10} 1000`}
      preserveAspectRatio="none"
    >
      {candles.map((c, i) => {
        const up = c.close >= c.open;
        const top = y(Math.max(c.open, c.close));
        return (
          <g key={c.time} className={up ? 'fill-up stroke-up' : 'fill-down stroke-down'}>
            <line x1={i * 10 + 5} x2={i * 10 + 5} y1={y(c.high)} y2={y(c.low)} strokeWidth={1} vectorEffect="non-scaling-stroke" />
            <rect x={i * 10 + 1.5} width={7} y={top} height={Math.max(2, y(Math.min(c.open, c.close)) - top)} stroke="none" />
          </g>
        );
      })}
    </svg>
  );
}
