/**
 * Server rendering of a page's first content: the home page's coin table with its prices, the coin
 * page's header and chart with its candles, in the HTML of the first response, so a phone shows
 * them as soon as the HTML and the stylesheet arrive instead of after the JavaScript has arrived and
 * started (decision 131).
 *
 * Built by `vite build --ssr` into `dist-ssr/entry-server.mjs` (vite.config.ts) and loaded by the
 * server (apps/server/src/platform/first-content.ts), which asks its own API for the URLs
 * {@link firstContentRequests} names and passes the answers to {@link renderFirstContent}. The
 * markup is the app's whole tree (app/App.tsx with a static router) and replaces index.html's static
 * shell inside `#root`; the query state goes into the page as a JSON block that main.tsx puts into
 * the query client before it hydrates this markup with the same tree (decision 132), so React
 * attaches to the server's DOM instead of building the page again.
 *
 * It renders signed out, at an unknown width (both the phone and the desktop layouts, one hidden by
 * CSS), with the header, footer and overlays as placeholders (lib/hydration.ts: they depend on the
 * browser and come in the render after hydration). Panels whose data is not passed render their
 * loading state, as they do in the browser.
 */
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider, dehydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import i18next from 'i18next';
import { initBundledI18n } from './app/i18n-bundled';
import { createQueryClient } from './app/query-client';
import { buildRouteObjects } from './app/routes';
import { beginHydration } from './lib/hydration';
import { SUPPORTED_LANGS, isSupportedLang, type AppLang } from './lib/locale';
import HomePage from './features/home/HomePage';
import CoinPage from './features/coin/CoinPage';
import { FIRST_CHART_TIMEFRAME, FIRST_CHART_LIMIT, FIRST_CONTENT_CLOCK_KEY } from './lib/first-content';
import { anchorClockAt } from './lib/clock';
import type { FirstContentMark } from './lib/perf-marks';
import type { CandleSeries, ClockInfo, Coin, CoinDetail } from '@coinlens/contracts';

/** One API answer the server fetched for the page: its URL and the parsed `result` of its body. */
export interface FirstContentAnswer {
  url: string;
  result: unknown;
}

/** What {@link renderFirstContent} returns: the page's markup and the query state behind it. */
export interface FirstContent {
  /** HTML of the page component, to replace the skeleton inside index.html's `<main>`. */
  html: string;
  /** react-query state of the answers used (`dehydrate`), for main.tsx to put into the app's client. */
  state: DehydratedState;
  /**
   * The first-content mark (lib/perf-marks.ts) this markup fulfils: `coinlens:prices` when the coin
   * table has prices, `coinlens:chart` when the chart's candles are drawn; public/boot.js sets it
   * once the page paints. Null when it shows neither (the app marks it when it does).
   */
  mark: FirstContentMark | null;
}

/**
 * The market clock (the replay badge beside the page's heading): not a query of the app (lib/clock.ts
 * keeps it); main.tsx anchors the clock at it before the first render ({@link FIRST_CONTENT_CLOCK_KEY}).
 */
const CLOCK_READ = { key: FIRST_CONTENT_CLOCK_KEY, url: '/api/clock' };

/** A page with first content: the query key and URL of each API read its first content needs. */
interface FirstContentPage {
  name: 'home' | 'coin';
  reads: { key: QueryKey; url: string }[];
}

/** The page of `pathname` (`/en-US/home`, `/zh-CN/crypto/bitcoin`) that renders first content, or null. */
function pageOf(pathname: string): FirstContentPage | null {
  const parts = pathname.replace(/\/$/, '').split('/');
  if (!isSupportedLang(parts[1])) return null;
  if (parts.length === 3 && parts[2] === 'home') return { name: 'home', reads: [{ key: ['crypto', 'all'], url: '/api/crypto/all' }, CLOCK_READ] };
  if (parts.length === 4 && parts[2] === 'crypto' && /^[a-z0-9-]{1,64}$/.test(parts[3])) {
    const coin = parts[3];
    return {
      name: 'coin',
      reads: [
        { key: ['crypto', 'detail', coin], url: `/api/crypto/${coin}/detail` },
        {
          key: ['crypto', 'candles', coin, FIRST_CHART_TIMEFRAME, FIRST_CHART_LIMIT],
          url: `/api/crypto/cmc_historical?coin=${coin}&timeframe=${FIRST_CHART_TIMEFRAME}&limit=${FIRST_CHART_LIMIT}`,
        },
        CLOCK_READ,
      ],
    };
  }
  return null;
}

/**
 * The API URLs (path and query, e.g. `/api/crypto/all`) the first content of `pathname` needs, in
 * the order to ask them; [] for a page without server-rendered first content.
 */
export function firstContentRequests(pathname: string): string[] {
  return pageOf(pathname)?.reads.map((r) => r.url) ?? [];
}

/** The app's routes, with the two server-rendered pages as modules instead of lazily loaded. */
const SERVER_ROUTES: RouteObject[] = buildRouteObjects({ home: HomePage, coin: CoinPage });

let i18nReady: Promise<unknown> | null = null;

/** The translations of every language and namespace, loaded once (they are in this bundle). */
function initServerI18n(): Promise<unknown> {
  return (i18nReady ??= initBundledI18n(SUPPORTED_LANGS[0], { useSuspense: false }));
}

/** Renders run one at a time: i18next's language is global to the bundle. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Renders the first content of `pathname` with `answers` (those of {@link firstContentRequests};
 * a missing or failed one leaves its part in the loading state). Null when the page has none or an
 * answer the page needs first is missing. Throws only on a bug of a component (the server then
 * sends the static shell).
 */
export function renderFirstContent(pathname: string, answers: FirstContentAnswer[]): Promise<FirstContent | null> {
  const run = queue.then(() => render(pathname, answers));
  queue = run.catch(() => undefined);
  return run;
}

async function render(pathname: string, answers: FirstContentAnswer[]): Promise<FirstContent | null> {
  const page = pageOf(pathname);
  if (!page) return null;
  const queryClient = createQueryClient();
  for (const read of page.reads) {
    const answer = answers.find((a) => a.url === read.url);
    if (answer) queryClient.setQueryData(read.key, answer.result);
  }
  // the page's first read (the coins, the coin's detail) is what it shows first: without it, the shell
  if (queryClient.getQueryData(page.reads[0].key) === undefined) return null;
  // the chart reads its candles by the coin's slug: a page addressed otherwise (`/crypto/1`) renders without them
  if (page.name === 'coin' && (queryClient.getQueryData(page.reads[0].key) as CoinDetail).slug !== page.reads[0].key[2]) queryClient.removeQueries({ queryKey: page.reads[1].key });
  const clock = queryClient.getQueryData<ClockInfo>(FIRST_CONTENT_CLOCK_KEY);
  if (clock) anchorClockAt(clock);
  await initServerI18n();
  const lang = pathname.split('/')[1] as AppLang;
  await i18next.changeLanguage(lang);
  const handler = createStaticHandler(SERVER_ROUTES);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // the header, footer and overlays render their placeholders here, as in the render that hydrates this
  beginHydration();
  // the tree of App (app/App.tsx) with a static router: main.tsx hydrates this markup
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Suspense>
    </QueryClientProvider>,
  );
  const state = dehydrate(queryClient);
  const data = queryClient.getQueryData(page.reads[page.name === 'home' ? 0 : 1].key);
  queryClient.clear();
  const mark: FirstContentMark | null =
    page.name === 'home'
      ? (data as Coin[]).some((c) => c.lastPrice != null)
        ? 'coinlens:prices'
        : null
      : (data as CandleSeries | undefined)?.candles.length
        ? 'coinlens:chart'
        : null;
  return { html, state, mark };
}
