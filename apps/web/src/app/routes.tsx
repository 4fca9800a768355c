import { lazy, type ComponentType } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { detectLocale, homePath } from '../lib/locale';
import { LangLayout } from './LangLayout';
import { RouteError } from './RouteError';
import { retryImport } from '../lib/retry';
import { loadNamespaces, type Namespace } from './i18n';
import { isRouteMeta, NOT_FOUND_META, ROUTE_META, type RouteName } from './route-meta';

/**
 * A page loaded on first visit: its code and its translation namespaces arrive together (one
 * chunk per page, so the entry carries only the shell; viem, markdown and charts load with the
 * pages that use them).
 */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType, ns: Namespace[]): PageComponent {
  let loading: Promise<{ default: ComponentType }> | null = null;
  // a failed load (connection dropped) is retried once back online, and forgotten after the last
  // attempt so that the error page's "Try again" loads it afresh
  const preload = () =>
    (loading ??= retryImport(() => Promise.all([load(), loadNamespaces(ns)])).then(
      ([m]) => ({ default: pick(m) }),
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

/** A lazily loaded page; `preload()` starts fetching its code and translations (idempotent). */
type PageComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * Starts loading the page of `pathname` (e.g. `/en-US/crypto/bitcoin`) at boot, in parallel with
 * the shell's translations instead of after them (one round trip less before the first paint).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const match = matchRoutes(buildRouteObjects(), pathname)?.at(-1);
  const handle: unknown = match?.route.handle;
  return isRouteMeta(handle) ? PAGES[handle.name].preload() : Promise.resolve();
}

const legalPages = () => import('../features/legal/LegalPages');
const AUTH_NS: Namespace[] = ['auth', 'pages'];
const LEGAL_NS: Namespace[] = ['legal', 'pages'];

const HomePage = page(() => import('../features/home/HomePage'), (m) => m.default, ['home', 'feeds']);
const CoinPage = page(() => import('../features/coin/CoinPage'), (m) => m.default, ['coin', 'ai', 'signals', 'feeds', 'pricing', 'alerts']);
const FollowingPage = page(() => import('../features/watchlist/FollowingPage'), (m) => m.default, ['home', 'pages']);
const SignalsPage = page(() => import('../features/signals/SignalsPage'), (m) => m.default, ['signals', 'coin', 'alerts']);
const FeedsPage = page(() => import('../features/feeds/FeedsPage'), (m) => m.default, ['feeds', 'ai', 'pricing']);
const FeedDetailPage = page(() => import('../features/feeds/FeedDetailPage'), (m) => m.default, ['feeds', 'ai', 'pricing']);
const SettingsPage = page(() => import('../features/settings/SettingsPage'), (m) => m.default, ['settings', 'pricing', 'alerts']);
const AlertsPage = page(() => import('../features/alerts/AlertsPage'), (m) => m.default, ['alerts', 'pricing']);
const ScreenerPage = page(() => import('../features/screener/ScreenerPage'), (m) => m.default, ['screener', 'signals', 'alerts']);
const PricingPage = page(() => import('../features/pricing/PricingPage'), (m) => m.default, ['pricing', 'legal']);
const LoginPage = page(() => import('../features/auth/LoginPage'), (m) => m.LoginPage, AUTH_NS);
const RegisterPage = page(() => import('../features/auth/RegisterPage'), (m) => m.RegisterPage, AUTH_NS);
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'), (m) => m.ForgotPasswordPage, AUTH_NS);
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'), (m) => m.ResetPasswordPage, AUTH_NS);
const GoogleCallbackPage = page(() => import('../features/auth/GoogleCallbackPage'), (m) => m.GoogleCallbackPage, AUTH_NS);
const XCallbackPage = page(() => import('../features/auth/XCallbackPage'), (m) => m.XCallbackPage, AUTH_NS);
const AboutUsPage = page(legalPages, (m) => m.AboutUsPage, LEGAL_NS);
const PrivacyPolicyPage = page(legalPages, (m) => m.PrivacyPolicyPage, LEGAL_NS);
const TermsOfServicePage = page(legalPages, (m) => m.TermsOfServicePage, LEGAL_NS);
const NotFoundPage = page(() => import('../features/not-found/NotFoundPage'), (m) => m.default, ['pages']);

/** The page component of each named route. */
const PAGES: Record<RouteName, PageComponent> = {
  home: HomePage,
  settings: SettingsPage,
  aboutUs: AboutUsPage,
  signals: SignalsPage,
  coin: CoinPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  googleCallback: GoogleCallbackPage,
  xCallback: XCallbackPage,
  pricing: PricingPage,
  login: LoginPage,
  register: RegisterPage,
  feeds: FeedsPage,
  feedDetail: FeedDetailPage,
  following: FollowingPage,
  privacyPolicy: PrivacyPolicyPage,
  termsOfService: TermsOfServicePage,
  alerts: AlertsPage,
  screener: ScreenerPage,
  notFound: NotFoundPage,
};

/** Redirect of `/` and `/{lang}` to `/{locale}/home` (stored locale, else browser, else English). */
export function RootRedirect() {
  return <Navigate to={homePath(detectLocale())} replace />;
}

/**
 * Route objects for `createBrowserRouter` (every route under `/:lang`). `pages` replaces the lazily
 * loaded component of named routes: the server render (entry-server.tsx) passes the page modules it
 * bundles, which render at once where a lazy one would suspend.
 */
export function buildRouteObjects(pages: Partial<Record<RouteName, ComponentType>> = {}): RouteObject[] {
  return [
    { path: '/', element: <RootRedirect /> },
    {
      path: '/:lang',
      element: <LangLayout />,
      children: [
        { index: true, element: <RootRedirect />, handle: NOT_FOUND_META },
        ...ROUTE_META.map((r) => {
          const Page = pages[r.name] ?? PAGES[r.name];
          return { path: r.path, element: <Page />, handle: r, errorElement: <RouteError /> };
        }),
        { path: '*', element: <NotFoundPage />, handle: NOT_FOUND_META, errorElement: <RouteError /> },
      ],
    },
  ];
}
