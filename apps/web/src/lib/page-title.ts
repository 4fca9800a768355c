import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Sets `document.title` to "<title> · Coinlens" (suffix from `common:titles.suffix`); `null`
 * leaves the title as it is (a page with a dynamic title sets it once its data has loaded).
 */
export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (title) document.title = `${title} · ${t('titles.suffix')}`;
  }, [title, t]);
}
