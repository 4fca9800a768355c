import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `fallback` at first and `children` once `stage` frames have been painted since this
 * component mounted (each stage: the next animation frame, then a task; in a hidden tab, which paints
 * nothing, a task). The switch is a transition, so React renders it in short slices.
 *
 * For sections below the first screen of a long page (the coin page's analysis, AI and news panels):
 * their first render, commit and data requests (their effects start the queries) then run in tasks
 * of their own, one stage after another, instead of in one long task with the rest of the page,
 * which blocked input for ~200 ms on a phone. `fallback` should take about the space the section
 * takes while it loads. Nothing is lost: the children mount a few frames later, whatever the scroll.
 */
export function AfterPaint({ stage = 1, fallback, children }: { stage?: number; fallback: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = stage;
    const step = () => {
      timer = setTimeout(() => {
        if (--left <= 0) startTransition(() => setShown(true));
        else schedule();
      }, 0);
    };
    const schedule = () => {
      if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') step();
      else frame = requestAnimationFrame(step);
    };
    schedule();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [stage]);
  return <>{shown ? children : fallback}</>;
}
