import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderFirstContent } from './entry-server';
import { App } from './app/App';
import { preloadPage } from './app/routes';
import { beginHydration } from './lib/hydration';
import { candles, coin, detail } from './first-content.fixtures';

/**
 * The browser side of decision 132: the app's first render hydrates the markup the server rendered
 * (entry-server.tsx) without a mismatch: React keeps the server's elements, and the header and
 * overlays come in the render after. (e2e/first-content.spec.ts checks the same in Chromium, in
 * both languages, themes and sizes, signed out and in.)
 */
const clock = { mode: 'replay', now: Date.UTC(2025, 4, 16, 0, 13, 30), speed: 1, start: null, window: null, market_source: 'replay' };

let root: Root | null = null;

beforeEach(() => {
  // the market clock answers at once, five market minutes on (LangLayout asks for it as soon as it has
  // committed, which can be before the page's part is hydrated); every other read stays pending, as
  // on a slow network
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      String(url).includes('/api/clock')
        ? Promise.resolve(new Response(JSON.stringify({ result: { ...clock, now: clock.now + 5 * 60_000 } }), { headers: { 'content-type': 'application/json' } }))
        : new Promise<Response>(() => undefined),
    ),
  );
  // a browser has IntersectionObserver (the news column waits for it, as in the server render)
  vi.stubGlobal('IntersectionObserver', class {
    observe() {}
    disconnect() {}
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/**
 * Renders `path` as the server does, puts the markup into the document, hydrates it as main.tsx does;
 * resolves with what React reported as recovered and whether the element `selector` is the server's.
 */
async function serveAndHydrate(path: string, answers: { url: string; result: unknown }[], selector: string) {
  const out = await renderFirstContent(path, answers);
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${out!.html}</div>`;
  const served = document.querySelector(selector);
  expect(served).not.toBeNull();
  expect(document.querySelector('[data-testid="app-header"]')).toBeNull();
  await preloadPage(path);
  document.documentElement.setAttribute('data-hydrated', ''); // left from an earlier page
  beginHydration();
  expect(document.documentElement.hasAttribute('data-hydrated')).toBe(false);
  const recovered: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, <App firstContent={out!.state} />, { onRecoverableError: (e) => recovered.push(e) });
  });
  // the header comes in the render after the hydrating one
  await vi.waitFor(() => expect(document.querySelector('[data-testid="app-header"]')).not.toBeNull());
  // the server's controls take clicks from here on (styles.css)
  expect(document.documentElement.hasAttribute('data-hydrated')).toBe(true);
  return { recovered, same: document.querySelector(selector) === served };
}

describe('hydrating the server-rendered pages', () => {
  it("home: keeps the server's elements, reports no mismatch, then shows the header", async () => {
    const r = await serveAndHydrate('/en-US/home', [
      { url: '/api/crypto/all', result: [coin('BTC', 1, 103935.55), coin('ETH', 2, 2552.98)] },
      { url: '/api/clock', result: clock },
    ], '[data-testid="coin-table"]');
    expect(r).toEqual({ recovered: [], same: true });
  });

  it("zh-CN coin page: keeps the server's header and chart drawing, reports no mismatch", async () => {
    const r = await serveAndHydrate('/zh-CN/crypto/bitcoin', [
      { url: '/api/crypto/bitcoin/detail', result: detail },
      { url: '/api/crypto/cmc_historical?coin=bitcoin&timeframe=1h&limit=500', result: candles },
      { url: '/api/clock', result: clock },
    ], '[data-testid="coin-header"]');
    expect(r).toEqual({ recovered: [], same: true });
  });
});
