import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isSupportedLang, LOCALE_STORAGE_KEY, replaceLangInPath, toUrlLang } from '../lib/locale';
import { useClockSync } from '../lib/clock';
import { clearStaleScrollLock } from '../lib/scroll-lock';
import { applyLanguage } from './i18n';
import { Header } from '../components/layout/Header';
import { Footer } from '../components/layout/Footer';
import { ShellOverlays } from '../components/shell/ShellOverlays';
import { Skeleton } from '../components/ui';
import { useRouteMeta } from './route-meta';
import { usePageTitle } from '../lib/page-title';
import { hasToken } from '../lib/session';
import { applyPriceColorsFor } from '../lib/price-colors';
import { AfterHydration } from '../components/AfterHydration';
import { HeaderPlaceholder } from '../components/layout/HeaderPlaceholder';
import { CookieBannerPlaceholder } from '../components/shell/CookieBannerPlaceholder';

function PageFallback() {
  return (
    <div className="mx-auto w-full max-w-[1440px] space-y-3 px-3 py-6 sm:px-4 lg:px-6" aria-busy="true">
      <Skeleton className="h-7 w-64" />
      <Skeleton className="h-28 w-full" />
      <Skeleton className="h-80 w-full" />
    </div>
  );
}

/**
 * Layout of every route under `/:lang`: validates the language (anything else → `/`), applies it,
 * renders header/footer by route metadata, sets the page title, guards login-only routes, follows
 * locale changes made in other tabs and cleans the URL after navigation.
 */
export function LangLayout() {
  const { lang } = useParams();
  const meta = useRouteMeta();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const valid = isSupportedLang(lang);
  if (valid) applyLanguage(lang);
  useClockSync();

  usePageTitle(valid && !meta.dynamicTitle ? t(meta.titleKey) : null);

  // Rise/fall colours follow the language until the user picks a convention in Settings.
  useEffect(() => {
    if (valid) applyPriceColorsFor(lang);
  }, [lang, valid]);

  // A locale change in another tab triggers the same switch here (reload with the new segment).
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== LOCALE_STORAGE_KEY) return;
      const next = toUrlLang(e.newValue);
      if (next && next !== lang) window.location.assign(replaceLangInPath(window.location.pathname, next) + window.location.search);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [lang]);

  // After navigation: scroll to the top, unlock scrolling and drop the `rv` query parameter.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location.pathname]);
  // Scroll is unlocked 500 ms after navigation (a lock left behind), unless an open overlay holds it.
  useEffect(() => {
    const timer = window.setTimeout(clearStaleScrollLock, 500);
    return () => window.clearTimeout(timer);
  }, [location.pathname]);
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.has('rv')) {
      params.delete('rv');
      const qs = params.toString();
      navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '', hash: location.hash }, { replace: true });
    }
  }, [location, navigate]);

  if (!valid) return <Navigate to="/" replace />;

  if (meta.requiresAuth && !hasToken()) return <Navigate to={`/${lang}/register`} replace />;

  return (
    <div className="flex min-h-screen flex-col">
      {/* the header, footer and overlays depend on the browser (session, theme, consent): where the
          server rendered the page they come in the render after the hydrating one (AfterHydration) */}
      {!meta.hideHeader && (
        <AfterHydration fallback={<HeaderPlaceholder />}>
          <Header tab={meta.tab} />
        </AfterHydration>
      )}
      {/* At least one screen tall: the footer starts below the fold, so pages that fill in after
          loading never push it through the viewport (no layout shift). */}
      <main className={`min-h-screen flex-1 ${meta.hideHeader ? '' : 'pt-[58px]'}`}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!meta.hideFooter && (
        <AfterHydration>
          <Footer />
        </AfterHydration>
      )}
      <AfterHydration fallback={<CookieBannerPlaceholder />}>
        <ShellOverlays meta={meta} />
      </AfterHydration>
    </div>
  );
}
