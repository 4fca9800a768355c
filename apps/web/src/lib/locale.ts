/**
 * Locale rules: URLs use hyphens (`en-US`, `zh-CN`), storage uses
 * underscores (`en_US`, `zh_CN`) under the key `locale`; English is the fallback.
 */

export const SUPPORTED_LANGS = ['en-US', 'zh-CN'] as const;
export type AppLang = (typeof SUPPORTED_LANGS)[number];
export const FALLBACK_LANG: AppLang = 'en-US';
export const LOCALE_STORAGE_KEY = 'locale';

/** True for a supported URL language segment (`en-US`, `zh-CN`; exact case). */
export function isSupportedLang(value: string | null | undefined): value is AppLang {
  return value === 'en-US' || value === 'zh-CN';
}

/** `en_US`/`en-US` → `en-US`; null for anything unsupported. */
export function toUrlLang(value: string | null | undefined): AppLang | null {
  if (!value) return null;
  const hyphen = value.replace('_', '-');
  return isSupportedLang(hyphen) ? hyphen : null;
}

/** `en-US` → `en_US` (the stored form). */
export function toStoredLocale(lang: AppLang): string {
  return lang.replace('-', '_');
}

/** Maps a browser language tag to a supported language: zh* → zh-CN, en* → en-US, else null. */
export function fromBrowserLanguage(tag: string | null | undefined): AppLang | null {
  if (!tag) return null;
  const t = tag.toLowerCase();
  if (t.startsWith('zh')) return 'zh-CN';
  if (t.startsWith('en')) return 'en-US';
  return null;
}

/**
 * The language to redirect to from `/` and `/{lang}`: the stored locale, else the first browser
 * language we support, else English.
 */
export function resolveLocale(stored: string | null | undefined, browserLanguages: readonly string[] = []): AppLang {
  const fromStore = toUrlLang(stored);
  if (fromStore) return fromStore;
  for (const tag of browserLanguages) {
    const l = fromBrowserLanguage(tag);
    if (l) return l;
  }
  return FALLBACK_LANG;
}

/** Reads storage and `navigator.languages` (guarded for non-browser environments). */
export function detectLocale(): AppLang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {}
  const langs = typeof navigator !== 'undefined' ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  return resolveLocale(stored, langs);
}

/** Replaces the first path segment (the language) of `pathname`: `/en-US/home` → `/zh-CN/home`. */
export function replaceLangInPath(pathname: string, lang: AppLang): string {
  const parts = pathname.split('/');
  if (parts.length > 1 && (isSupportedLang(parts[1]) || toUrlLang(parts[1]))) {
    parts[1] = lang;
    return parts.join('/') || `/${lang}`;
  }
  return `/${lang}${pathname === '/' ? '' : pathname}`;
}

/** Where `/` and `/{lang}` go: `/{lang}/home`. */
export function homePath(lang: AppLang): string {
  return `/${lang}/home`;
}

/**
 * Switches language: stores `locale` in underscore form, then reloads the current URL with
 * its language segment replaced. `assign` is injectable for tests.
 */
export function switchLanguage(lang: AppLang, assign: (url: string) => void = (u) => window.location.assign(u)): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, toStoredLocale(lang));
  } catch {}
  const { pathname, search, hash } = window.location;
  assign(replaceLangInPath(pathname, lang) + search + hash);
}
