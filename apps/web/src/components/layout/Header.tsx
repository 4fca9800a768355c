import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toggleTheme } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { useDismiss } from '../../lib/use-dismiss';
import { isSupportedLang, SUPPORTED_LANGS, switchLanguage, type AppLang } from '../../lib/locale';
import type { TabMarker } from '../../app/route-meta';
import { Logo } from './Logo';
import { UserMenu } from '../../features/auth/UserMenu';
import { useSession } from '../../lib/session';
import { isSearchShortcut } from '../../features/search/search-logic';
import { retryImport } from '../../lib/retry';

/** The global search, loaded on first open (it is not part of any page's first paint). */
/** The phone menu, loaded on first open. */
const MobileDrawer = lazy(() => retryImport(() => import('../shell/MobileDrawer').then((m) => ({ default: m.MobileDrawer }))));
/** The notification bell (signed in only), loaded after the first paint so it costs the entry nothing. */
const NotificationBell = lazy(() => retryImport(() => import('../../features/alerts/NotificationBell').then((m) => ({ default: m.NotificationBell }))));
const loadSearchOverlay = () => import('../../features/search/SearchOverlay');
const SearchOverlay = lazy(() => retryImport(() => loadSearchOverlay().then((m) => ({ default: m.SearchOverlay }))));

const iconBtn =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary-500';

function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <button
      type="button"
      className={iconBtn}
      aria-label={t('header.theme')}
      title={theme === 'dark' ? t('header.switchToLight') : t('header.switchToDark')}
      aria-pressed={theme === 'dark'}
      onClick={() => toggleTheme()}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? (
        <svg viewBox="0 0 24 24" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <circle cx="12" cy="12" r="4" />
          <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" strokeLinecap="round" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M20 14.5A8 8 0 019.5 4a8 8 0 1010.5 10.5z" strokeLinejoin="round" />
        </svg>
      )}
    </button>
  );
}

function LanguageMenu({ current }: { current: AppLang }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className={`${iconBtn} w-auto gap-1 px-2`}
        aria-label={t('header.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="language-button"
      >
        <svg viewBox="0 0 24 24" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span className="hidden text-[12px] font-medium sm:inline">{current === 'zh-CN' ? '中文' : 'EN'}</span>
      </button>
      {open && (
        <ul role="menu" className="absolute right-0 top-full z-50 mt-1 min-w-36 rounded-md border border-border bg-surface py-1 shadow-lg">
          {SUPPORTED_LANGS.map((l) => (
            <li key={l} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={l === current}
                lang={l}
                className={`block w-full px-3 py-1.5 text-left text-[13px] hover:bg-surface-2 ${l === current ? 'font-semibold text-primary-600 dark:text-primary-400' : 'text-fg'}`}
                onClick={() => {
                  setOpen(false);
                  if (l !== current) switchLanguage(l);
                }}
              >
                {t(`header.languageNames.${l}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Fixed 58 px header: logo, tabs (trading signals, trending feed) highlighted from the route's tab
 * marker, search, theme toggle, language button and the user menu. Below md the tabs and the
 * theme toggle move into the full-screen drawer behind the Menu button.
 */
export function Header({ tab }: { tab?: TabMarker }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const current: AppLang = isSupportedLang(lang) ? lang : 'en-US';
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Where the focus was when the search opened: it goes back there when the search closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  const openSearch = useCallback(() => {
    const active = document.activeElement;
    returnFocus.current = active instanceof HTMLElement && active !== document.body ? active : null;
    setSearchOpen(true);
  }, []);
  const closeSearch = useCallback(() => {
    setSearchOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    // after the overlay has unmounted
    requestAnimationFrame(() => {
      if (back && back.isConnected) back.focus();
      else document.querySelector<HTMLElement>('[data-testid="search-button"]')?.focus();
    });
  }, []);
  const warmSearch = useCallback(() => void loadSearchOverlay().catch(() => undefined), []);
  // `/` and Ctrl/⌘+K open the search from anywhere on the page (see isSearchShortcut).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !isSearchShortcut(e)) return;
      e.preventDefault();
      if (!searchOpen) openSearch();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [searchOpen, openSearch]);
  const { token } = useSession();
  const tabCls = (active: boolean) =>
    `relative flex h-[58px] items-center px-3 text-[14px] font-medium transition-colors ${
      active ? 'text-primary-600 dark:text-primary-400 after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded after:bg-primary-500' : 'text-muted hover:text-fg'
    }`;
  return (
    <header
      className="fixed inset-x-0 top-0 z-40 h-[58px] border-b border-border bg-surface/95 backdrop-blur"
      data-testid="app-header"
      // the search's code is fetched when the header is first pointed at or focused (not at load,
      // where it would compete with the page), so the button or a shortcut then opens it at once
      onPointerEnter={warmSearch}
      onFocus={warmSearch}
    >
      <div className="mx-auto flex h-full w-full max-w-[1440px] items-center gap-2 px-3 sm:px-4 lg:px-6">
        <Logo />
        <nav aria-label={t('nav.primary')} className="ml-4 hidden h-full items-center md:flex">
          <Link to={`/${current}/trading-signals`} className={tabCls(tab === 'signals')} aria-current={tab === 'signals' ? 'page' : undefined}>
            {t('nav.signals')}
          </Link>
          <Link to={`/${current}/screener`} className={tabCls(tab === 'screener')} aria-current={tab === 'screener' ? 'page' : undefined} data-testid="nav-screener">
            {t('nav.screener')}
          </Link>
          <Link to={`/${current}/feeds`} className={tabCls(tab === 'feeds')} aria-current={tab === 'feeds' ? 'page' : undefined}>
            {t('nav.feeds')}
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <button type="button" className={iconBtn} aria-label={t('shell:search.open')} aria-keyshortcuts="/ Control+K Meta+K" title={t('shell:search.shortcut')} onClick={openSearch} data-testid="search-button">
            <svg viewBox="0 0 24 24" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <circle cx="11" cy="11" r="7" />
              <path d="M20 20l-3.5-3.5" strokeLinecap="round" />
            </svg>
          </button>
          <span className="hidden md:inline-flex">
            <ThemeToggle />
          </span>
          <LanguageMenu current={current} />
          {token && (
            <Suspense fallback={null}>
              <NotificationBell lang={current} />
            </Suspense>
          )}
          <UserMenu lang={current} />
          <button type="button" className={`${iconBtn} md:hidden`} aria-label={t('shell:menu')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)} data-testid="menu-button">
            <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {searchOpen && (
          <Suspense fallback={null}>
            <SearchOverlay open onClose={closeSearch} lang={current} />
          </Suspense>
        )}
        {drawerOpen && (
          <Suspense fallback={null}>
            <MobileDrawer open onClose={() => setDrawerOpen(false)} lang={current} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
