import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { detectLocale, homePath } from '../lib/locale';
import { LangLayout } from './LangLayout';
import SignalsPage from '../features/signals/SignalsPage';
import FeedsPage from '../features/feeds/FeedsPage';
import FeedDetailPage from '../features/feeds/FeedDetailPage';
import SettingsPage from '../features/settings/SettingsPage';
import PricingPage from '../features/pricing/PricingPage';
import { ForgotPasswordPage, GoogleCallbackPage, LoginPage, RegisterPage, ResetPasswordPage, XCallbackPage } from '../features/auth/AuthPages';
import { AboutUsPage, PrivacyPolicyPage, TermsOfServicePage } from '../features/legal/LegalPages';
import NotFoundPage from '../features/not-found/NotFoundPage';

const HomePage = lazy(() => import('../features/home/HomePage'));
const CoinPage = lazy(() => import('../features/coin/CoinPage'));
const FollowingPage = lazy(() => import('../features/watchlist/FollowingPage'));

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
