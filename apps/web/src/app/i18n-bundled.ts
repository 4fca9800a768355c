import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SUPPORTED_LANGS, type AppLang } from '../lib/locale';
import { NAMESPACES } from './i18n';

/** Every translation file, in this module's bundle (never the browser's: the app loads them per namespace). */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/**
 * Initialises the global i18next with every language and namespace bundled, for the places that
 * cannot load them on demand: the server's first-content rendering (entry-server.tsx, no Suspense)
 * and component tests (synchronously). The browser app loads its namespaces per page (`initI18n`).
 * Returns i18next's init promise (already settled when `initAsync` is false).
 */
export function initBundledI18n(lang: AppLang, opts: { initAsync?: boolean; useSuspense?: boolean } = {}): Promise<unknown> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (m) (resources[m[1]] ??= {})[m[2]] = mod.default;
  }
  return i18next.use(initReactI18next).init({
    resources,
    lng: lang,
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGS],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    ...(opts.initAsync === false ? { initAsync: false } : {}),
    ...(opts.useSuspense === false ? { react: { useSuspense: false } } : {}),
  });
}
