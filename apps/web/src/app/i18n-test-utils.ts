import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGS, type AppLang } from '../lib/locale';
import { NAMESPACES } from './i18n';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/**
 * Component tests only: i18next initialised synchronously with every language and namespace
 * bundled (the app itself loads them per namespace, see `initI18n`).
 */
export function initI18nForTests(lang: AppLang = 'en-US'): typeof i18next {
  if (i18next.isInitialized) {
    void i18next.changeLanguage(lang);
    return i18next;
  }
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (m) (resources[m[1]] ??= {})[m[2]] = mod.default;
  }
  void i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGS],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return i18next;
}
