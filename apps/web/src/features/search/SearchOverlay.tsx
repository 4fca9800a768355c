import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Coin } from '@coinlens/contracts';
import { isCancelled } from '../../lib/api';
import { api } from '../../lib/api-client';
import { formatUsd } from '../../lib/format';
import { NoMarketData } from '../../components/NoMarketData';
import { lockBodyScroll } from '../../lib/scroll-lock';
import { useMe } from '../../lib/session';
import { Change, CoinLogo, Skeleton } from '../../components/ui';
import { FollowButton } from '../watchlist';
import { coinPath, hasMoreAfter, moveActive, normaliseQuery, SCROLL_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, SEARCH_PAGE_SIZE, searchMode } from './search-logic';
import { useCoinName } from '../../lib/coin-name';

/**
 * Global search overlay: a text field with a 300 ms debounce; an empty query lists the
 * followed coins for Pro users, otherwise search results; pages of 10 load on scroll (200 ms
 * debounce); rows show logo, name, symbol, price and 24 h change; selecting a coin opens its
 * detail page (slug, else id) with a full reload. "No related currencies" when empty, "No more" at
 * the end. Keyboard: ↓/↑ move through the rows (the field keeps the focus, the row is its active
 * descendant), Enter opens the active row, Escape closes (the header puts the focus back where it
 * was). Escape or a click on the mask closes it.
 */
export function SearchOverlay({ open, onClose, lang }: { open: boolean; onClose: () => void; lang: string }) {
  const { t } = useTranslation('shell');
  const coinName = useCoinName();
  const { me } = useMe();
  const isPro = !!me?.isPro;
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Coin[]>([]);
  const [loading, setLoading] = useState(false);
  const [hasMore, setHasMore] = useState(true);
  const [failed, setFailed] = useState(false);
  const offset = useRef(0);
  const abort = useRef<AbortController | null>(null);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(-1);
  const mode = searchMode(query, isPro);
  // a new query's results start with no active row
  useEffect(() => setActive(-1), [query]);
  useEffect(() => {
    if (active >= 0) listRef.current?.querySelector(`#search-row-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  useEffect(() => {
    const id = setTimeout(() => setQuery(normaliseQuery(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  const load = useCallback(
    async (reset: boolean) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      if (reset) offset.current = 0;
      setLoading(true);
      setFailed(false);
      try {
        let page: Coin[];
        if (mode === 'following') {
          page = reset ? await api('searchFollowing', {}, { signal: ac.signal, navigationScoped: false }) : [];
          setHasMore(false);
        } else {
          page = await api('searchCoins', { query: { search_term: query, offset: offset.current, limit: SEARCH_PAGE_SIZE } }, { signal: ac.signal, navigationScoped: false });
          setHasMore(hasMoreAfter(page.length));
        }
        offset.current += page.length;
        setItems((prev) => (reset ? page : [...prev, ...page]));
      } catch (e) {
        if (!isCancelled(e) && !ac.signal.aborted) setFailed(true);
      } finally {
        if (abort.current === ac) setLoading(false);
      }
    },
    [mode, query],
  );

  useEffect(() => {
    if (open) void load(true);
  }, [open, load]);

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const release = lockBodyScroll();
    return () => {
      document.removeEventListener('keydown', onKey);
      release();
      abort.current?.abort();
    };
  }, [open, onClose]);

  if (!open) return null;
  const onScroll = (e: React.UIEvent<HTMLUListElement>) => {
    const el = e.currentTarget;
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      if (!loading && hasMore && el.scrollTop + el.clientHeight >= el.scrollHeight - 40) void load(false);
    }, SCROLL_DEBOUNCE_MS);
  };
  const select = (c: Coin) => {
    onClose();
    window.location.assign(coinPath(lang, c));
  };
  const onInputKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => moveActive(Math.min(a, items.length - 1), e.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (e.key === 'Enter' && items[active]) {
      e.preventDefault();
      select(items[active]);
    }
  };
  return createPortal(
    <div className="fixed inset-0 z-[65] flex items-start justify-center bg-black/50 p-3 pt-[10vh]" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label={t('search.title')} data-testid="search-overlay" className="flex max-h-[75vh] w-full max-w-[36rem] flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-2xl">
        <div className="flex items-center gap-2 border-b border-border px-3">
          <svg viewBox="0 0 24 24" className="h-5 w-5 text-muted" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
          </svg>
          <input
            ref={inputRef}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onInputKey}
            placeholder={t('search.placeholder')}
            aria-label={t('search.title')}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls="search-results"
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 && items[active] ? `search-row-${active}` : undefined}
            className="h-12 flex-1 bg-transparent text-[15px] outline-none"
            data-testid="search-input"
          />
          <button type="button" aria-label={t('close')} onClick={onClose} className="rounded px-2 py-1 text-[12px] text-muted hover:bg-surface-2">
            Esc
          </button>
        </div>
        {mode === 'following' && <p className="px-4 pt-3 text-[12px] font-medium uppercase tracking-wide text-muted">{t('search.followed')}</p>}
        <ul ref={listRef} id="search-results" className="flex-1 overflow-y-auto py-1" onScroll={onScroll} data-testid="search-results">
          {items.map((c, i) => (
            <li key={c.id} className="flex items-center">
              <button
                type="button"
                id={`search-row-${i}`}
                onClick={() => select(c)}
                onMouseMove={() => active !== i && setActive(i)}
                className={`flex min-w-0 flex-1 items-center gap-3 px-4 py-2.5 text-left hover:bg-surface-2 focus-visible:bg-surface-2 ${i === active ? 'bg-surface-2 outline-2 -outline-offset-2 outline-primary-500' : ''}`}
                data-testid="search-row"
                data-active={i === active || undefined}
              >
                <CoinLogo src={c.logo} symbol={c.symbol} size={28} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[14px] font-medium">{coinName(c)}</span>
                  <span className="text-[12px] text-muted">{c.symbol}</span>
                </span>
                {c.market_data === 'none' ? (
                  <NoMarketData coin={c} className="max-w-[55%] text-right" />
                ) : (
                  <span className="text-right tabular-nums">
                    <span className="block text-[14px]">{formatUsd(c.lastPrice)}</span>
                    <Change value={c.priceChangePercent} className="text-[12px]" />
                  </span>
                )}
              </button>
              <span className="pr-3 empty:hidden"><FollowButton variant="star" coin={c.slug || String(c.id)} name={coinName(c)} /></span>
            </li>
          ))}
          {loading && (
            <li className="space-y-2 px-4 py-2" aria-busy="true">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </li>
          )}
          {!loading && failed && <li className="px-4 py-6 text-center text-[13px] text-down">{t('errors:INTERNAL')}</li>}
          {!loading && !failed && items.length === 0 && <li className="px-4 py-8 text-center text-[13px] text-muted" data-testid="search-empty">{t('search.empty')}</li>}
          {!loading && !failed && items.length > 0 && !hasMore && <li className="px-4 py-3 text-center text-[12px] text-muted" data-testid="search-no-more">{t('search.noMore')}</li>}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
