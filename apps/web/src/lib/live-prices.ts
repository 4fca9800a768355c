import { startTransition, useEffect, useRef, useState } from 'react';
import type { Candle, MarketStreamEvent, Timeframe } from '@coinlens/contracts';
import { apiUrl } from './api-client';
import { anchorClock } from './clock';
import { parseSseJson } from './sse';

/** Latest price of a symbol as pushed by the market stream. */
export interface LivePrice {
  lastPrice: number | null;
  priceChangePercent: number | null;
}

let prices = new Map<string, LivePrice>();
let version = 0;
const listeners = new Set<() => void>();

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => {
    listeners.delete(cb);
  };
}

/** Merges a tick's prices into the store (only changed entries get new objects). */
export function applyTick(list: Array<{ symbol: string } & LivePrice>): void {
  let changed = false;
  const next = new Map(prices);
  for (const p of list) {
    const prev = next.get(p.symbol);
    if (!prev || prev.lastPrice !== p.lastPrice || prev.priceChangePercent !== p.priceChangePercent) {
      next.set(p.symbol, { lastPrice: p.lastPrice, priceChangePercent: p.priceChangePercent });
      changed = true;
    }
  }
  if (changed) {
    prices = next;
    version++;
    for (const l of listeners) l();
  }
}

/**
 * Version counter of the live price map, as component state: it changes whenever any price
 * changes, and the re-render it causes is a transition (React renders it in slices between other
 * work), so a tick never blocks input or paint, however many rows it updates.
 */
export function useLivePricesVersion(): number {
  const [v, setV] = useState(version);
  useEffect(() => {
    const update = () => startTransition(() => setV(version));
    update(); // ticks between the render and this effect
    return subscribe(update);
  }, []);
  return v;
}

/**
 * Live price of one symbol (undefined until the first tick mentions it). Re-renders, as a
 * transition like useLivePricesVersion, only when that symbol's entry changes: a tick that moves
 * other coins leaves the component alone.
 */
export function useLivePrice(symbol: string | undefined): LivePrice | undefined {
  return useLiveSelect(symbol, (p) => p);
}

/**
 * A value derived from one symbol's live price, as component state: `select` runs on every tick
 * that changes the store, and the component re-renders (as a transition) only when its result
 * changes by `Object.is`. For a part of a page that depends on the price only through a coarse
 * fact (which side of a level it is on, say), so it is not rebuilt on every tick. `select` should
 * return a primitive or a stable reference; it may change between renders (the latest one is used).
 */
export function useLiveSelect<T>(symbol: string | undefined, select: (price: LivePrice | undefined) => T): T {
  const selectRef = useRef(select);
  selectRef.current = select;
  const read = () => selectRef.current(symbol ? prices.get(symbol) : undefined);
  const [, setValue] = useState(read);
  useEffect(() => {
    const update = () => {
      const next = read();
      startTransition(() => setValue(() => next));
    };
    update(); // ticks between the render and this effect
    return subscribe(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` reads the latest selector through its ref
  }, [symbol]);
  // the render reads the store itself: a new selector or symbol applies at once, not one tick later
  return read();
}

/**
 * The live price of a coin, by its symbol or else its trading pair (the stream names a coin either
 * way), as component state like {@link useLivePrice}: only a tick that changes this coin's entry
 * re-renders the component. For the cells of a price list: each cell follows its own coin, so a
 * tick renders the cells whose price moved, not the rows around them.
 */
export function useCoinLivePrice(coin: { symbol: string; tradingPair?: string | null }): LivePrice | undefined {
  const pair = coin.tradingPair;
  return useLiveSelect(coin.symbol, (p) => p ?? (pair ? prices.get(pair) : undefined));
}

/** Snapshot accessor for non-hook code. */
export function livePriceOf(symbol: string): LivePrice | undefined {
  return prices.get(symbol);
}

/** Parses one SSE message body; null when it is not a market event. */
export function parseStreamEvent(data: string, eventName?: string): MarketStreamEvent | null {
  const obj = parseSseJson(data, eventName);
  if (obj && (obj.type === 'tick' || obj.type === 'kline' || obj.type === 'keepalive')) return obj as unknown as MarketStreamEvent;
  return null;
}

/**
 * Opens `GET /api/stream/market` (optionally for one symbol and timeframe) while mounted: ticks feed
 * the live price store and the clock; `onKline` receives forming/closed candle updates.
 */
export function useMarketStream(opts: {
  symbol?: string;
  timeframe?: Timeframe;
  onKline?: (candle: Candle, closed: boolean) => void;
  enabled?: boolean;
}): void {
  const { symbol, timeframe, enabled = true } = opts;
  const onKlineRef = useRef(opts.onKline);
  useEffect(() => {
    onKlineRef.current = opts.onKline;
  });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    function open(): EventSource {
      const es = new EventSource(apiUrl('streamMarket', { query: { symbol, timeframe } }));
      const handle = (e: MessageEvent) => {
        const ev = parseStreamEvent(String(e.data), e.type);
        if (!ev) return;
        if (ev.type === 'tick') {
          anchorClock(ev.now);
          applyTick(ev.prices);
        } else if (ev.type === 'kline') {
          if ((!symbol || ev.symbol === symbol || ev.symbol === `${symbol}USDT`) && (!timeframe || ev.timeframe === timeframe)) {
            onKlineRef.current?.(ev.candle, ev.closed);
          }
        } else if (ev.type === 'keepalive') {
          anchorClock(ev.now);
        }
      };
      es.addEventListener('message', handle);
      es.addEventListener('tick', handle as EventListener);
      es.addEventListener('kline', handle as EventListener);
      es.addEventListener('keepalive', handle as EventListener);
      return es;
    }
    let es: EventSource | null = null;
    const cancelWait = afterPageLoad(() => {
      es = open();
    });
    return () => {
      cancelWait();
      es?.close();
    };
  }, [symbol, timeframe, enabled]);
}

/**
 * Runs `fn` once the page has loaded and the main thread is idle (requestIdleCallback, at most 2 s
 * after the load event), or at once on a page that loaded long ago (a later navigation in the app).
 * The market stream opens then: its ticks re-render the price rows every second, work that must
 * not compete with the page's first render and requests (the prices come from the page's first
 * answer, which the stream only updates). Returns a function cancelling the wait.
 */
function afterPageLoad(fn: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fn, { timeout: 2000 });
    else timer = setTimeout(fn, 0);
  };
  const loaded = document.readyState === 'complete';
  if (loaded && performance.now() > 10_000) {
    fn();
    return () => undefined;
  }
  if (loaded) run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    window.removeEventListener('load', run);
    if (idle !== undefined) cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
