import i18next from 'i18next';
import type { AppLang } from '../lib/locale';
import { initBundledI18n } from './i18n-bundled';

/**
 * Component tests only: i18next initialised synchronously with every language and namespace
 * bundled (the app itself loads them per namespace, see `initI18n`).
 */
export function initI18nForTests(lang: AppLang = 'en-US'): typeof i18next {
  if (i18next.isInitialized) {
    void i18next.changeLanguage(lang);
    return i18next;
  }
  void initBundledI18n(lang, { initAsync: false });
  return i18next;
}
