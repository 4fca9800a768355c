import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render of a component, true once the browser has painted `frames` frames
 * since (each: the next animation frame, then a task; in a hidden tab, which paints nothing, a task).
 * For work that should not delay a page's first paint, e.g. creating a chart: render a placeholder
 * of the same size until this turns true. With `transition`, the change to true is a transition
 * (React renders what it reveals in short slices).
 */
export function useAfterPaint(frames = 1, opts: { transition?: boolean } = {}): boolean {
  const [painted, setPainted] = useState(false);
  const transition = !!opts.transition;
  useEffect(() => {
    let frame: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let left = frames;
    const step = () => {
      timer = setTimeout(() => {
        if (--left > 0) return schedule();
        if (transition) startTransition(() => setPainted(true));
        else setPainted(true);
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
  }, [frames, transition]);
  return painted;
}
