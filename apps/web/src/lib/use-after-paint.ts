import { useEffect, useState } from 'react';

/**
 * False on the first render of a component, true once the browser has painted that render (the
 * next animation frame, then a task; at once, in a task, in a hidden tab, which paints nothing).
 * For work that should not delay a page's first paint, e.g. creating a chart: render a placeholder
 * of the same size until this turns true.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
      done();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(done);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
