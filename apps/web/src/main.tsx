import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { initI18n } from './app/i18n';
import { initTheme } from './lib/theme';
import { initPriceColors } from './lib/price-colors';
import { FALLBACK_LANG, toUrlLang } from './lib/locale';
import { App } from './app/App';
import { preloadPage } from './app/routes';
import type { DehydratedState } from '@tanstack/react-query';
import type { ClockInfo } from '@coinlens/contracts';
import { anchorClockAt } from './lib/clock';
import { FIRST_CONTENT_CLOCK_KEY } from './lib/first-content';
import { beginHydration, markInteractive } from './lib/hydration';

/**
 * The query state of the first content the server put into the page (`<script type="application/json"
 * id="first-content">`, the server's platform/first-content.ts), or undefined.
 */
function firstContentState(): DehydratedState | undefined {
  const el = document.getElementById('first-content');
  if (!el?.textContent) return undefined;
  try {
    return JSON.parse(el.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * What React reports when the hydrating render did not match the server's markup (React then
 * renders that part in the browser, as a client render): `<html data-hydration="recovered">`, for
 * the end-to-end tests, and a warning in the console.
 */
function onRecoverableError(error: unknown): void {
  document.documentElement.setAttribute('data-hydration', 'recovered');
  console.warn('[coinlens] hydration recovered:', error instanceof Error ? error.message : error);
}

/**
 * Starts the app: theme and price-colour sync, the shell's translations (one language, a few small namespaces) and
 * the page's code and translations in parallel, then the first render. Where the server rendered
 * the page (`<html data-first-content>`, its query state in `#first-content`), that render hydrates
 * the server's markup (decision 132): React attaches to the DOM that is there instead of building
 * and laying out the page again. Otherwise it replaces index.html's static shell. Runs in a task of
 * its own after the modules are evaluated (a shorter task each).
 */
function start() {
  initTheme();
  const lang = toUrlLang(window.location.pathname.split('/')[1]) ?? FALLBACK_LANG;
  initPriceColors(lang);
  const i18nReady = initI18n(lang);
  const pageReady = preloadPage(window.location.pathname);
  const firstContent = firstContentState();
  const clock = firstContent?.queries.find((q) => q.queryKey[0] === FIRST_CONTENT_CLOCK_KEY[0] && q.queryKey[1] === FIRST_CONTENT_CLOCK_KEY[1])?.state.data as ClockInfo | undefined;
  if (clock) anchorClockAt(clock);
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App firstContent={firstContent} />
    </StrictMode>
  );
  if (firstContent && document.documentElement.hasAttribute('data-first-content')) {
    beginHydration();
    // the page's code and translations first, so the hydrating render reaches the page at once.
    // A transition: React hydrates in short slices (no long task).
    void Promise.all([i18nReady, pageReady.catch(() => undefined)]).then(() => startTransition(() => void hydrateRoot(container, app, { onRecoverableError })));
    return;
  }
  // The first render is a transition: React renders it in short slices (no long task), and the
  // static shell stays until it commits.
  void i18nReady.then(() => {
    // a server-rendered page (<html data-first-content>) whose state could not be read is rendered anew here
    markInteractive();
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}

setTimeout(start, 0);
