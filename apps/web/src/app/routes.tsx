import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { detectLocale, homePath } from '../lib/locale';
import { LangLayout } from './LangLayout';
import { loadNamespaces, type Namespace } from './i18n';

/**
 * A page loaded on first visit: its code and its translation namespaces arrive together (one
 * chunk per page, so the entry carries only the shell; viem, markdown and charts load with the
 * pages that use them).
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, ns: Namespace[]): PageComponent {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => (loading ??= Promise.all([load(), loadNamespaces(ns)]).then(([m]) => ({ default: pick(m) })));
  return Object.assign(lazy(preload), { preload });
}

/** A lazily loaded page; `preload()` starts fetching its code and translations (idempotent). */
type PageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * Starts loading the page of `pathname` (e.g. `/en-US/crypto/bitcoin`) at boot, in parallel with
 * the shell's translations instead of after them (one round trip less before the first paint).
 */
export function preloadPage(pathname: string): void {
  const match = matchRoutes(buildRouteObjects(), pathname)?.at(-1);
  const handle = match?.route.handle as RouteMeta | undefined;
  const component = handle?.Component as Partial<PageComponent> | undefined;
  void component?.preload?.();
}

const authPages = () => import('../features/auth/AuthPages');
const legalPages = () => import('../features/legal/LegalPages');
const AUTH_NS: Namespace[] = ['auth', 'pages'];
const LEGAL_NS: Namespace[] = ['legal', 'pages'];

const HomePage = page(() => import('../features/home/HomePage'), (m) => m.default, ['home', 'feeds']);
const CoinPage = page(() => import('../features/coin/CoinPage'), (m) => m.default, ['coin', 'ai', 'signals', 'feeds', 'pricing']);
const FollowingPage = page(() => import('../features/watchlist/FollowingPage'), (m) => m.default, ['home', 'pages']);
const SignalsPage = page(() => import('../features/signals/SignalsPage'), (m) => m.default, ['signals', 'coin']);
const FeedsPage = page(() => import('../features/feeds/FeedsPage'), (m) => m.default, ['feeds', 'ai', 'pricing']);
const FeedDetailPage = page(() => import('../features/feeds/FeedDetailPage'), (m) => m.default, ['feeds', 'ai', 'pricing']);
const SettingsPage = page(() => import('../features/settings/SettingsPage'), (m) => m.default, ['settings', 'pricing']);
const PricingPage = page(() => import('../features/pricing/PricingPage'), (m) => m.default, ['pricing', 'legal']);
const LoginPage = page(authPages, (m) => m.LoginPage, AUTH_NS);
const RegisterPage = page(authPages, (m) => m.RegisterPage, AUTH_NS);
const ForgotPasswordPage = page(authPages, (m) => m.ForgotPasswordPage, AUTH_NS);
const ResetPasswordPage = page(authPages, (m) => m.ResetPasswordPage, AUTH_NS);
const GoogleCallbackPage = page(authPages, (m) => m.GoogleCallbackPage, AUTH_NS);
const XCallbackPage = page(authPages, (m) => m.XCallbackPage, AUTH_NS);
const AboutUsPage = page(legalPages, (m) => m.AboutUsPage, LEGAL_NS);
const PrivacyPolicyPage = page(legalPages, (m) => m.PrivacyPolicyPage, LEGAL_NS);
const TermsOfServicePage = page(legalPages, (m) => m.TermsOfServicePage, LEGAL_NS);
const NotFoundPage = page(() => import('../features/not-found/NotFoundPage'), (m) => m.default, ['pages']);

/** Tab markers of the header (SPEC §2). */
export type TabMarker = 'signals' | 'feeds' | 'pricing' | 'settings';

/** Metadata of one route (SPEC §2 "Route metadata and guards"). */
export interface RouteMeta {
  /** Named route used by navigation. */
  name: string;
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
  Component: ComponentType;
}

/** The one table of routes and their metadata. */
export const ROUTES: RouteMeta[] = [
  { name: 'home', path: 'home', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.home', Component: HomePage },
  { name: 'settings', path: 'settings', tab: 'settings', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.settings', requiresAuth: true, Component: SettingsPage },
  { name: 'aboutUs', path: 'about-us', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.aboutUs', Component: AboutUsPage },
  { name: 'signals', path: 'trading-signals', tab: 'signals', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.signals', Component: SignalsPage },
  { name: 'coin', path: 'crypto/:id', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.coinFallback', dynamicTitle: true, Component: CoinPage },
  { name: 'forgotPassword', path: 'auth/forgot-password', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.forgotPassword', Component: ForgotPasswordPage },
  { name: 'resetPassword', path: 'auth/reset-password', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.resetPassword', Component: ResetPasswordPage },
  { name: 'googleCallback', path: 'auth/google/callback', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.googleCallback', Component: GoogleCallbackPage },
  { name: 'xCallback', path: 'auth/x/callback', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.xCallback', Component: XCallbackPage },
  { name: 'pricing', path: 'pricing', tab: 'pricing', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.pricing', Component: PricingPage },
  { name: 'login', path: 'login', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.login', Component: LoginPage },
  { name: 'register', path: 'register', hideHeader: true, hideFooter: false, analytics: false, titleKey: 'titles.register', Component: RegisterPage },
  { name: 'feeds', path: 'feeds', tab: 'feeds', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.feeds', Component: FeedsPage },
  { name: 'feedDetail', path: 'feeds/:id', tab: 'feeds', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.feedDetail', Component: FeedDetailPage },
  { name: 'following', path: 'following', hideHeader: false, hideFooter: false, analytics: false, titleKey: 'titles.following', Component: FollowingPage },
  { name: 'privacyPolicy', path: 'privacy-policy', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.privacyPolicy', Component: PrivacyPolicyPage },
  { name: 'termsOfService', path: 'terms-of-service', hideHeader: false, hideFooter: false, analytics: true, titleKey: 'titles.termsOfService', Component: TermsOfServicePage },
];

/** Metadata of the catch-all not-found page (header and footer hidden). */
export const NOT_FOUND_META: RouteMeta = {
  name: 'notFound',
  path: '*',
  hideHeader: true,
  hideFooter: true,
  analytics: false,
  titleKey: 'titles.notFound',
  Component: NotFoundPage,
};

/** Path of a named route in a language: `routePath('en-US', 'signals')` → `/en-US/trading-signals`. */
export function routePath(lang: string, name: string, params: Record<string, string> = {}): string {
  const meta = ROUTES.find((r) => r.name === name);
  if (!meta) return `/${lang}/home`;
  return `/${lang}/${meta.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''))}`;
}

/** Redirect of `/` and `/{lang}` to `/{locale}/home` (stored locale, else browser, else English). */
export function RootRedirect() {
  return <Navigate to={homePath(detectLocale())} replace />;
}

/** Route objects for `createBrowserRouter` (every route under `/:lang`). */
export function buildRouteObjects(): RouteObject[] {
  return [
    { path: '/', element: <RootRedirect /> },
    {
      path: '/:lang',
      element: <LangLayout />,
      children: [
        { index: true, element: <RootRedirect />, handle: NOT_FOUND_META },
        ...ROUTES.map((r) => ({ path: r.path, element: <r.Component />, handle: r })),
        { path: '*', element: <NotFoundPage />, handle: NOT_FOUND_META },
      ],
    },
  ];
}
