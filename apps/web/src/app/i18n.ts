import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANG, SUPPORTED_LANGS, type AppLang } from '../lib/locale';

/**
 * i18next with every namespace bundled (`src/locales/{lang}/{namespace}.json`). The URL's language
 * segment decides the language; `common` is the default namespace.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

export const NAMESPACES = ['common', 'home', 'coin', 'pages', 'errors', 'auth', 'settings', 'feeds', 'signals', 'pricing', 'ai', 'shell', 'legal'] as const;

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(modules)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!m) continue;
  const [, lang, ns] = m;
  (resources[lang] ??= {})[ns] = mod.default;
}

/** Initialises i18next once, synchronously, in `lang` (the URL's language at boot). */
export function initI18n(lang: AppLang = FALLBACK_LANG): typeof i18next {
  if (i18next.isInitialized) {
    applyLanguage(lang);
    return i18next;
  }
  void i18next.use(initReactI18next).init({
  resources,
  lng: lang,
  fallbackLng: FALLBACK_LANG,
  supportedLngs: [...SUPPORTED_LANGS],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  });
  return i18next;
}

/** Switches i18next and `<html lang>` to `lang` (no reload; used when the URL segment changes). */
export function applyLanguage(lang: AppLang): void {
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.setAttribute('lang', lang);
}

export default i18next;
