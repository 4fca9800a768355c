import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, SUPPORTED_LANGS, type AppLang } from '../lib/locale';

/**
 * i18next with translations loaded per language and namespace (`src/locales/{lang}/{namespace}.json`,
 * one small chunk each): the page only downloads the language it shows, and only the namespaces of
 * the shell (`CORE_NAMESPACES`) plus those of the pages it opens (`routes.tsx` loads them with the
 * page's code). The URL's language segment decides the language; `common` is the default namespace.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export const NAMESPACES = ['common', 'home', 'coin', 'pages', 'errors', 'auth', 'settings', 'feeds', 'signals', 'pricing', 'ai', 'shell', 'legal', 'alerts', 'screener'] as const;
/** One translation namespace: a file `src/locales/{lang}/{namespace}.json`. */
export type Namespace = (typeof NAMESPACES)[number];

/** Namespaces the shell (header, drawer, toasts, error states, session expiry) uses on every page. */
export const CORE_NAMESPACES: Namespace[] = ['common', 'errors', 'shell', 'auth'];

/** i18next backend plugin reading the bundled JSON chunks (i18next's `BackendModule` interface). */
const bundledBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lang: string, ns: string, done: ReadCallback) {
    const load = loaders[`../locales/${lang}/${ns}.json`];
    if (!load) return done(new Error(`no translations for ${lang}/${ns}`), false);
    load().then(
      (m) => done(null, m.default as never),
      (e: unknown) => done(e as Error, false),
    );
  },
};

let ready: Promise<typeof i18next> | null = null;

/**
 * Initialises i18next once in `lang` (the URL's language at boot) and resolves when the shell's
 * namespaces are loaded; render after it. Keys are complete in every language (`npm run i18n:check`),
 * so there is no fallback language to download.
 */
export function initI18n(lang: AppLang = FALLBACK_LANG): Promise<typeof i18next> {
  if (ready) {
    applyLanguage(lang);
    return ready;
  }
  ready = i18next
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGS],
      ns: CORE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => i18next);
  return ready;
}

/** Loads translation namespaces of the current language (resolves when they are usable). */
export function loadNamespaces(ns: readonly Namespace[]): Promise<void> {
  return (ready ?? Promise.resolve(i18next)).then(() => i18next.loadNamespaces([...ns]));
}

/** Switches i18next and `<html lang>` to `lang` (no reload; used when the URL segment changes). */
export function applyLanguage(lang: AppLang): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', lang);
}

export default i18next;
