import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { cookiesAccepted, PHONE } from '../playwright.config';
import { expectChartReady, expectNoHorizontalOverflow } from './helpers';

/**
 * Live mode (`MARKET_SOURCE=binance`) on the local Binance stand-in that scripts/e2e.mjs starts:
 * E2E_LIVE_PAIRS pairs in Binance's wire format (shipped coins, coins of the shipped metadata
 * snapshot, and tickers no metadata covers). The home list holds every pair the exchange lists and
 * no other coin, without the replay badge, the unranked ones by 24 h volume; a coin outside the
 * shipped set has its chart, its analysis and its signals, its missing supply said plainly; the
 * screener screens the whole listing, in zh-CN on a phone too.
 */
const PAIRS = Number(process.env.E2E_LIVE_PAIRS ?? 32);
const SHIPPED = new Set((JSON.parse(readFileSync('data/coins/coins.json', 'utf8')) as { symbol: string }[]).map((c) => c.symbol));

interface ListedCoin {
  symbol: string;
  slug: string;
  name: string;
  market_data: string;
  cmc_rank: number | null;
  volume24h: number | null;
}

/**
 * The server (started with the Playwright run) is up and its start-up backfill (signals over the
 * past candles of every pair, scored) is done: it answers, and is ready, before that.
 */
test.beforeAll(async ({ request }) => {
  test.setTimeout(900_000);
  const backfill = async () => {
    try {
      return ((await (await request.get('/api/health')).json()).result?.jobs?.signals_backfill as string) ?? '';
    } catch {
      return 'not answering yet';
    }
  };
  await expect.poll(backfill, { timeout: 870_000, intervals: [2000] }).toBe('done');
});

test('the home list holds every pair the exchange lists; a coin outside the shipped set has its chart, analysis and signals', async ({ page, request }) => {
  test.setTimeout(180_000);
  const listed = (await (await request.get('/api/crypto/all')).json()).result as ListedCoin[];
  const pairs = listed.filter((c) => c.market_data === 'live');
  // every pair of the listing, and besides them only USDT, the quote currency (shipped coins the
  // stand-in does not list are not listed)
  expect(pairs).toHaveLength(PAIRS);
  expect(listed.filter((c) => c.market_data !== 'live').map((c) => c.symbol)).toEqual(['USDT']);

  await page.goto('/en-US/home');
  const table = page.getByTestId('coin-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('replay-badge')).toHaveCount(0);
  await expect(page.getByText('Prices by market cap, then 24 h volume')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(listed.length);
  // the ranked coins first, then the unranked ones by 24 h volume, largest first (not by ticker)
  const rendered = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('a[href*="/crypto/"]')?.getAttribute('href')?.split('/').pop() ?? ''));
  const bySlug = new Map(listed.map((c) => [c.slug, c]));
  const order = rendered.map((slug) => bySlug.get(slug)!);
  const firstUnranked = order.findIndex((c) => c.cmc_rank == null);
  expect(firstUnranked).toBeGreaterThan(0);
  expect(order.slice(firstUnranked).every((c) => c.cmc_rank == null)).toBe(true);
  const volumes = order.slice(firstUnranked).map((c) => c.volume24h ?? -1);
  expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

  // a coin of the metadata snapshot, outside the shipped set: its page, chart, analysis and signals
  const outside = pairs.find((c) => !SHIPPED.has(c.symbol) && c.name !== c.symbol);
  expect(outside, 'a listed coin outside the shipped set, named from the metadata snapshot').toBeTruthy();
  await table.locator(`a[href$="/crypto/${outside!.slug}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/en-US/crypto/${outside!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(outside!.name);
  await expectChartReady(page);
  const ta = page.getByTestId('coin-ta');
  await expect(ta).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(ta).toContainText('Key indicators');
  await expect(ta).toContainText(/RSI \(14\)\s*\d/);
  await expect(ta.getByTestId('direction-verdict').first()).toBeVisible();
  // signals of its own record: the track record has scored signals of this coin
  await expect(page.getByText(`Track record of ${outside!.symbol}`)).toBeVisible();
  await expect(page.getByText(/Hit rate \d+ % \(n = [\d,]+/)).toBeVisible();
  await expect(page.getByText('Supply, market cap and rank: no openly licensed source covers this coin, so they are shown as —.')).toBeVisible();

  // a ticker no metadata covers is listed by its ticker and opens the same way
  const bare = pairs.find((c) => c.name === c.symbol && !SHIPPED.has(c.symbol));
  if (bare) {
    await page.goto(`/en-US/crypto/${bare.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bare.symbol);
    await expectChartReady(page);
  }
});

test('the screener screens every listed pair, in zh-CN on a phone', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL, storageState: cookiesAccepted(baseURL!), ...PHONE, locale: 'zh-CN', timezoneId: 'UTC' });
  const page = await context.newPage();
  await page.goto('/zh-CN/screener');
  const summary = page.getByTestId('screener-summary');
  await expect(summary).toBeVisible({ timeout: 60_000 });
  // "N / 32 个币种符合条件": every pair has an analysis of the timeframe
  await expect(summary).toContainText(new RegExp(`\\d+ / ${PAIRS} 个币种符合条件`));
  await expectNoHorizontalOverflow(page);
  await context.close();
});
