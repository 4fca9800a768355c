import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders `fallback` (in a wrapper it watches) until that place comes within `margin` of the
 * viewport, then `children`, for good: a section far below the first screen (the home page's news
 * column under the coin list on a phone) is loaded, requested and rendered when the reader scrolls
 * towards it, not while the page starts. Where the section is on the first screen (beside the list on
 * a wide screen) it mounts at once. Without IntersectionObserver (old browsers, jsdom) it mounts at
 * once. `fallback` should take about the section's height so nothing moves when it mounts.
 */
export function NearViewport({ margin = '100% 0px', fallback, children }: { margin?: string; fallback: ReactNode; children: ReactNode }) {
  // (rendered on the server: the placeholder, as the browser's first render has it)
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setNear(true);
        io.disconnect();
      }
    }, { rootMargin: margin });
    io.observe(el);
    return () => io.disconnect();
  }, [near, margin]);
  if (near) return <>{children}</>;
  return (
    <div ref={ref} className="min-w-0" data-near-viewport="waiting">
      {fallback}
    </div>
  );
}
