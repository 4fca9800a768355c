import type { ReactNode } from 'react';
import { useAfterPaint } from '../lib/use-after-paint';

/**
 * Renders `fallback` at first and `children` once `stage` frames have been painted since this
 * component mounted ({@link useAfterPaint}); the switch is a transition, so React renders it in
 * short slices.
 *
 * For sections below the first screen of a long page (the coin page's analysis, AI and news panels):
 * their first render, commit and data requests (their effects start the queries) then run in tasks
 * of their own, one stage after another, instead of in one long task with the rest of the page
 * (228 ms → 124 + 72 + 51 ms in a trace at 4× CPU throttling). `fallback` should take about the
 * space the section takes while it loads. Nothing is lost: the children mount a few frames later,
 * whatever the scroll.
 */
export function AfterPaint({ stage = 1, fallback, children }: { stage?: number; fallback: ReactNode; children: ReactNode }) {
  const shown = useAfterPaint(stage, { transition: true });
  return <>{shown ? children : fallback}</>;
}
