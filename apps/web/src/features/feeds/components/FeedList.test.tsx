import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { initI18nForTests as initI18n } from '../../../app/i18n-test-utils';

/** What the deferred value of the list's pages is (null: the value itself, as once React has caught up). */
let deferred: { value: unknown } | null = null;
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return { ...react, useDeferredValue: <T,>(v: T): T => (deferred ? (deferred.value as T) : v) };
});
let query: Record<string, unknown> = {};
vi.mock('../feeds-api', () => ({ useLatestFeeds: () => query }));
vi.mock('./FeedCard', () => ({ FeedCard: ({ feed }: { feed: { id: string } }) => <div data-testid="feed-card">{feed.id}</div>, FeedCardSkeleton: () => null }));
vi.mock('../../../lib/market-queries', () => ({ useAllCoins: () => ({ data: [] }) }));

const { FeedList } = await import('./FeedList');
initI18n('en-US');

/** An IntersectionObserver whose targets are in view while `inView` is true; it reports on observe, as browsers do. */
let inView = true;
class FakeObserver {
  constructor(private readonly cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    this.cb([{ isIntersecting: inView, target: el } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

const page = (n: number) => ({ list: Array.from({ length: 10 }, (_, i) => ({ id: `f${n * 10 + i}` })) });
const list = () => (
  <MemoryRouter initialEntries={['/en-US/home']}>
    <Routes>
      <Route path="/:lang/home" element={<FeedList filters={{} as never} />} />
    </Routes>
  </MemoryRouter>
);

describe('FeedList loading more on scroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    deferred = null;
    inView = true;
  });

  it('fetches one page when its end comes into view, and none more while the page that arrived is still being rendered', async () => {
    const fetchNextPage = vi.fn(async () => undefined);
    const one = { pages: [page(0)] };
    query = { data: one, hasNextPage: true, isFetchingNextPage: false, fetchNextPage, isFetching: false };
    const r = render(list());
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    query = { ...query, isFetchingNextPage: true, isFetching: true };
    r.rerender(list());
    await act(() => vi.advanceTimersByTimeAsync(250));
    // the second page has arrived; React still renders the first (a transition on a slow machine)
    const two = { pages: [page(0), page(1)] };
    deferred = { value: one };
    query = { ...query, data: two, isFetchingNextPage: false, isFetching: false };
    r.rerender(list());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    expect(r.getAllByTestId('feed-card')).toHaveLength(10);

    // rendered: the end is below the fold now, and nothing more is fetched
    deferred = null;
    inView = false;
    r.rerender(list());
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(r.getAllByTestId('feed-card')).toHaveLength(20);
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});
