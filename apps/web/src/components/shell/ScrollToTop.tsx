import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC §9: the scroll-to-top button appears after 100 px. */
export const SCROLL_TOP_THRESHOLD_PX = 100;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  useEffect(() => {
    const on = () => setShow(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    on();
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
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
