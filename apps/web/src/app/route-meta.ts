import { useMatches } from 'react-router';

/**
 * Route metadata: data only, no components, so the shell
 * (layout, header, overlays, analytics) and pages can read it without importing `routes.tsx`,
 * which imports the layout and every page (that import would close a cycle).
 */

/** Tab markers of the header. */
export type TabMarker = 'signals' | 'screener' | 'feeds' | 'pricing' | 'settings';

/** Metadata of one route. */
export interface RouteMeta {
  /** Named route used by navigation (key of the page component in `routes.tsx`). */
  name: RouteName;
  /** Path below `/:lang`. */
  path: string;
  tab?: TabMarker;
  hideHeader: boolean;
  hideFooter: boolean;
  /** A page view is reported for this route (only on the configured analytics host; see components/shell/AnalyticsTracker). */
  analytics: boolean;
  /** i18n key (namespace `common`) of the page title; pages with `dynamicTitle` set their own. */
  titleKey: string;
  dynamicTitle?: boolean;
  /** Redirects to register when no token is stored (only settings). */
  requiresAuth?: boolean;
}

/** Names of the routes below `/:lang` (plus `notFound`, the catch-all). */
export type RouteName =
  | 'home'
  | 'settings'
  | 'aboutUs'
  | 'signals'
  | 'coin'
  | 'forgotPassword'
  | 'resetPassword'
  | 'googleCallback'
  | 'xCallback'
  | 'pricing'
  | 'login'
  | 'register'
  | 'feeds'
  | 'feedDetail'
  | 'following'
  | 'privacyPolicy'
  | 'termsOfService'
  | 'alerts'
  | 'screener'
  | 'notFound';

/** The one table of routes and their metadata (the components are attached in `routes.tsx`). */
export const ROUTE_META: readonly RouteMeta[] = [
  { name: 'home', path: 'home', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.home' },
  { name: 'settings', path: 'settings', tab: 'settings', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.settings', requiresAuth: true },
  { name: 'aboutUs', path: 'about-us', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.aboutUs' },
  { name: 'signals', path: 'trading-signals', tab: 'signals', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.signals' },
  { name: 'coin', path: 'crypto/:id', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.coinFallback', dynamicTitle: true },
  { name: 'forgotPassword', path: 'auth/forgot-password', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.forgotPassword' },
  { name: 'resetPassword', path: 'auth/reset-password', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.resetPassword' },
  { name: 'googleCallback', path: 'auth/google/callback', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.googleCallback' },
  { name: 'xCallback', path: 'auth/x/callback', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.xCallback' },
  { name: 'pricing', path: 'pricing', tab: 'pricing', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.pricing' },
  { name: 'login', path: 'login', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.login' },
  { name: 'register', path: 'register', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.register' },
  { name: 'feeds', path: 'feeds', tab: 'feeds', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.feeds' },
  { name: 'feedDetail', path: 'feeds/:id', tab: 'feeds', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.feedDetail' },
  { name: 'following', path: 'following', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.following' },
  { name: 'privacyPolicy', path: 'privacy-policy', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.privacyPolicy' },
  { name: 'termsOfService', path: 'terms-of-service', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.termsOfService' },
  { name: 'screener', path: 'screener', tab: 'screener', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.screener' },
  { name: 'alerts', path: 'alerts', tab: 'settings', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.settings', dynamicTitle: true, requiresAuth: true },
];

/** Metadata of the catch-all not-found page (header and footer hidden). */
export const NOT_FOUND_META: RouteMeta = {
  name: 'notFound',
  path: '*',
  hideHeader: true,
  hideFooter: true,
  analytics: false,
  titleKey: 'titles.notFound',
};

/** Path of a named route in a language: `routePath('en-US', 'signals')` → `/en-US/trading-signals`. */
export function routePath(lang: string, name: RouteName, params: Record<string, string> = {}): string {
  const meta = ROUTE_META.find((r) => r.name === name);
  if (!meta) return `/${lang}/home`;
  return `/${lang}/${meta.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''))}`;
}

/** True when `handle` (a route's `handle`) is route metadata. */
export function isRouteMeta(handle: unknown): handle is RouteMeta {
  return !!handle && typeof handle === 'object' && 'titleKey' in handle;
}

/** Metadata of the deepest matched route (not-found when none). */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isRouteMeta(h)) return h;
  }
  return NOT_FOUND_META;
}
