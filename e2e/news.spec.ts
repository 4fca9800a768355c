import { expect, test } from '@playwright/test';
import { ANY_VIEWPORT, expectNoHorizontalOverflow, scrollToNewsColumn } from './helpers';

// News on the replay clock (REPLAY_START=2025-05-16T00:00Z, see scripts/e2e.mjs): the shipped real
// news released up to the clock, analysed by the built-in analyst.

test.describe('news', () => {
  test('home shows real-time news with coin marks, and a filter restarts the list', async ({ page }) => {
    await page.goto('/en-US/home');
    await scrollToNewsColumn(page);
    const news = page.getByTestId('home-news');
    await expect(news.getByTestId('feed-card').first()).toBeVisible({ timeout: 45_000 });
    await expect(news.getByTestId('coin-trend').first()).toHaveAttribute('data-trend', /bullish|bearish|neutral/);
    await expect(news.getByTestId('feed-card')).toHaveCount(10);
    // load more on scroll: the next page appends
    await news.getByTestId('feed-load-more').scrollIntoViewIfNeeded();
    await expect(news.getByTestId('feed-card')).toHaveCount(20, { timeout: 15_000 });
    // a coin filter restarts at offset 0: ten items, all about that coin
    const firstPage = page.waitForResponse((r) => r.url().includes('/api/feeds/latest') && r.url().includes('offset=0') && r.url().includes('cryptocurrency_id='));
    await news.page().getByTestId('feed-coin').first().selectOption({ label: 'ETH · Ethereum' });
    await firstPage;
    await expect(news.getByTestId('feed-card').first()).toBeVisible();
    const n = await news.getByTestId('feed-card').count();
    expect(n).toBeLessThanOrEqual(10);
    for (let i = 0; i < n; i++) await expect(news.getByTestId('feed-card').nth(i).getByTestId('coin-trend').filter({ hasText: 'ETH' })).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
  });

  test('a coin page lists the news of that coin, in both languages', async ({ page }) => {
    await page.goto('/en-US/crypto/ethereum');
    await expect(page.getByRole('heading', { name: 'ETH news' })).toBeVisible({ timeout: 45_000 });
    const list = page.getByTestId('coin-news');
    await expect(list.getByTestId('feed-card').first()).toBeVisible();
    const n = await list.getByTestId('feed-card').count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(10);
    for (let i = 0; i < n; i++) await expect(list.getByTestId('feed-card').nth(i).getByTestId('coin-trend').filter({ hasText: 'ETH' })).toHaveCount(1);
    await page.goto('/zh-CN/crypto/ethereum');
    await expect(page.getByRole('heading', { name: 'ETH 相关新闻' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });

  test('feed detail shows source, original link, coins, importance, impact and the built-in analyst', async ({ page }) => {
    await page.goto('/en-US/feeds');
    await expect(page.getByRole('heading', { name: 'Trending Feed' })).toBeVisible();
    const first = page.getByTestId('feed-list').getByTestId('feed-title').first();
    await expect(first).toBeVisible({ timeout: 45_000 });
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByTestId('feed-detail-title')).toHaveText(title);
    await expect(page.getByTestId('feed-source')).not.toBeEmpty();
    await expect(page.getByTestId('feed-link')).toHaveAttribute('href', /^https?:\/\//);
    await expect(page.getByTestId('interpretation-by')).toHaveText('Built-in analyst');
    await expect(page.getByTestId('cluster-sources').locator('li').first()).toBeVisible();
    await expect(page.getByText('News impact')).toBeVisible();
    // back keeps the list (kept alive)
    await page.getByTestId('feed-back').click();
    await expect(page.getByTestId('feed-list').getByTestId('feed-title').first()).toHaveText(title);
    await expectNoHorizontalOverflow(page);
  });

  test('story of the day refresh streams thinking text, then reloads the story', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/en-US/home');
    await expect(page.getByTestId('sotd-title')).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('sotd-by')).toContainText('Built-in analyst');
    const reload = page.waitForResponse((r) => r.url().includes('/api/feeds/sotd?') && r.status() === 200, { timeout: 30_000 });
    await page.getByTestId('sotd-refresh').click();
    await expect(page.getByTestId('sotd-thinking')).toContainText(/Reading \d+ reports/);
    await reload;
    await expect(page.getByTestId('sotd-thinking')).toHaveCount(0);
    await expect(page.getByTestId('sotd-title')).toBeVisible();
  });

  test('zh-CN shows translated news UI and the Chinese interpretation', ANY_VIEWPORT, async ({ page }) => {
    await page.goto('/zh-CN/feeds');
    await expect(page.getByRole('heading', { name: '热门资讯' })).toBeVisible();
    const first = page.getByTestId('feed-list').getByTestId('feed-title').first();
    await expect(first).toBeVisible({ timeout: 45_000 });
    // every card reads the same way: the original title tagged with its language, then the analyst's Chinese line
    const cards = page.getByTestId('feed-list').getByTestId('feed-card');
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      await expect(cards.nth(i).getByTestId('feed-title-lang')).toHaveText(/^(英文|中文)$/);
      await expect(cards.nth(i).getByTestId('feed-analyst-line')).toContainText(/^分析师：.+ · (最重要|重要|次要|一般) · .+$/);
    }
    await first.click();
    await expect(page.getByTestId('interpretation-by')).toHaveText('内置分析师');
    await expect(page.getByTestId('interpretation')).toContainText(/置信度/);
    await expect(page.getByText('新闻影响')).toBeVisible();
  });
});
