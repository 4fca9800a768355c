import { useEffect, useSyncExternalStore } from 'react';
import type { ClockInfo } from '@coinlens/contracts';
import { isCancelled } from './api';
import { api } from './api-client';

/**
 * The market clock as the client sees it. Anchored by `/api/clock` (polled every
 * 30 s) and by the `now` of every SSE tick; between anchors it advances locally at `speed`.
 */
interface ClockState {
  mode: ClockInfo['mode'] | null;
  anchorNow: number;
  anchorAt: number;
  speed: number;
}

let state: ClockState = { mode: null, anchorNow: 0, anchorAt: 0, speed: 1 };
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Anchors the clock at server time `now` (ms). */
export function anchorClock(now: number, patch: Partial<Pick<ClockState, 'mode' | 'speed'>> = {}): void {
  state = { ...state, ...patch, anchorNow: now, anchorAt: Date.now() };
  emit();
}

/** Market "now" in ms, extrapolated from the last anchor; 0 while unknown. */
export function clockNow(): number {
  if (!state.anchorNow) return 0;
  return state.anchorNow + (Date.now() - state.anchorAt) * state.speed;
}

const POLL_MS = 30_000;

/** Mount once (app shell): polls `/api/clock` every 30 s. */
export function useClockSync(): void {
  useEffect(() => {
    let stopped = false;
    const controller = new AbortController();
    const load = async () => {
      try {
        const info = await api('getClock', {}, { navigationScoped: false, signal: controller.signal, retries: 0 });
        if (!stopped) anchorClock(info.now, { mode: info.mode, speed: info.speed });
      } catch (err) {
        if (!isCancelled(err)) {
          /* the badge simply stays hidden until the clock answers */
        }
      }
    };
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearInterval(timer);
    };
  }, []);
}

// A 1 s ticker shared by every component that displays the clock.
let tickTimer: ReturnType<typeof setInterval> | null = null;
const tickListeners = new Set<() => void>();

function subscribeTicker(cb: () => void) {
  tickListeners.add(cb);
  listeners.add(cb);
  if (!tickTimer) {
    tickTimer = setInterval(() => {
      for (const l of tickListeners) l();
    }, 1000);
  }
  return () => {
    tickListeners.delete(cb);
    listeners.delete(cb);
    if (tickListeners.size === 0 && tickTimer) {
      clearInterval(tickTimer);
      tickTimer = null;
    }
  };
}

/** The clock as useClock reads it: `mode|minute` (the market time in whole minutes). */
function clockSnapshot(): string {
  return `${state.mode ?? ''}|${Math.floor(clockNow() / 60_000)}`;
}

/**
 * The clock answer the page was rendered with ({@link anchorClockAt}: the server's render and main.tsx
 * before hydrating it), kept apart from later anchors (`/api/clock` polls, stream ticks), which can
 * arrive while React is still hydrating parts of the page.
 */
let rendered: { mode: ClockState['mode']; now: number } | null = null;

/**
 * The minute of the clock answer the page was rendered with, not advanced: what the server renders
 * with and what the render that hydrates it reads, so the two agree even when a minute turns or a
 * newer answer arrives between them; React renders again with {@link clockSnapshot} right after.
 */
function renderedSnapshot(): string {
  return rendered ? `${rendered.mode ?? ''}|${Math.floor(rendered.now / 60_000)}` : clockSnapshot();
}

/**
 * Anchors the clock at the answer of `/api/clock` (a {@link ClockInfo}) the page was sent with
 * (the server's first content: main.tsx before the first render, entry-server.tsx before it renders),
 * so the replay badge is in the first render instead of appearing when useClockSync's request answers.
 */
export function anchorClockAt(info: Pick<ClockInfo, 'now' | 'mode' | 'speed'>): void {
  rendered = { mode: info.mode, now: info.now };
  anchorClock(info.now, { mode: info.mode, speed: info.speed });
}

/** Current market time rounded down to the minute, plus the mode; re-renders as the clock moves. */
export function useClock(): { mode: ClockState['mode']; now: number } {
  const minute = useSyncExternalStore(
    subscribeTicker,
    clockSnapshot,
    // on the server (the first content, entry-server.tsx) and while hydrating its markup
    renderedSnapshot,
  );
  const [mode, m] = minute.split('|');
  return { mode: (mode || null) as ClockState['mode'], now: Number(m) * 60_000 };
}
