import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The scroll-to-top button appears after 100 px. */
export const SCROLL_TOP_THRESHOLD_PX = 100;

/** Where the button sits (fixed): 16 px from the right, 96 px from the bottom, 40 × 40 px. */
const RIGHT_PX = 16;
const BOTTOM_PX = 96;
const SIZE_PX = 40;
/** Room kept between the button and a panel it must not cover. */
const MARGIN_PX = 8;

/**
 * Whether the button, at its fixed place in a `width` × `height` viewport, would cover one of the
 * elements marked `data-avoid-back-to-top` (the chat panel and its input).
 */
export function coversMarked(width: number, height: number, root: ParentNode = document): boolean {
  const right = width - RIGHT_PX + MARGIN_PX;
  const left = width - RIGHT_PX - SIZE_PX - MARGIN_PX;
  const bottom = height - BOTTOM_PX + MARGIN_PX;
  const top = height - BOTTOM_PX - SIZE_PX - MARGIN_PX;
  for (const el of root.querySelectorAll('[data-avoid-back-to-top]')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.left < right && r.right > left && r.top < bottom && r.bottom > top) return true;
  }
  return false;
}

/**
 * The floating back-to-top button: shown once the page is scrolled past the threshold, and hidden
 * while it would cover a panel marked `data-avoid-back-to-top` (checked on scroll, resize and
 * layout changes).
 */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setShow(window.scrollY > SCROLL_TOP_THRESHOLD_PX && !coversMarked(window.innerWidth, window.innerHeight));
    };
    const on = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    // First check on the next frame, not now: reading scrollY in the mount effect forced a layout
    // of the whole page in the middle of its first render (~13 ms of a long task on a phone).
    on();
    window.addEventListener('scroll', on, { passive: true });
    window.addEventListener('resize', on);
    // a panel may grow or move without a scroll (an answer streaming in, the chat expanding)
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(on);
    ro?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', on);
      window.removeEventListener('resize', on);
      ro?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  if (!show) return null;
  return (
    <button
      type="button"
      aria-label={t('shell:backToTop')}
      data-testid="back-to-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed bottom-24 right-4 z-40 inline-flex h-10 w-10 items-center justify-center rounded-full border border-border bg-surface text-fg shadow-md hover:bg-surface-2"
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M6 14l6-6 6 6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
