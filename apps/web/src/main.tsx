import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
 * Starts the app: theme and price-colour sync, the shell's translations (one language, a few small namespaces) and
 * the page's code and translations in parallel, then the first render, which replaces index.html's
 * static shell. Runs in a task of its own after the modules are evaluated (a shorter task each).
 */
function start() {
  initTheme();
  const lang = toUrlLang(window.location.pathname.split('/')[1]) ?? FALLBACK_LANG;
  initPriceColors(lang);
  const i18nReady = initI18n(lang);
  preloadPage(window.location.pathname);
  // The first render is a transition: React renders it in short slices (no long task), and the
  // static shell stays until it commits.
  const firstContent = firstContentState();
  const clock = firstContent?.queries.find((q) => q.queryKey[0] === FIRST_CONTENT_CLOCK_KEY[0] && q.queryKey[1] === FIRST_CONTENT_CLOCK_KEY[1])?.state.data as ClockInfo | undefined;
  if (clock) anchorClockAt(clock);
  void i18nReady.then(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App firstContent={firstContent} />
        </StrictMode>,
      ),
    );
  });
}

setTimeout(start, 0);
