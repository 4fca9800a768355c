import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

/**
 * The cookie banner as the server renders it (and as index.html's static shell has it): shown until
 * the app's own {@link CookieBanner} replaces it after hydration; hidden by the stylesheet once the
 * consent is stored (`html[data-cookies="accepted"]`, set by public/boot.js), whose click handler
 * makes its Accept button work before the app runs (`data-boot-accept`).
 */
export function CookieBannerPlaceholder() {
  const { t } = useTranslation();
  const { lang = 'en-US' } = useParams();
  return (
    <div role="region" aria-label={t('shell:cookies.label')} data-boot-cookies="" className="fixed inset-x-0 bottom-0 z-[60] border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-3 text-[13px] sm:flex-row sm:items-center">
        <p className="flex-1 text-muted">
          {t('shell:cookies.text')}{' '}
          <a className="text-primary-600 underline dark:text-primary-400" href={`/${lang}/terms-of-service`}>
            {t('shell:cookies.terms')}
          </a>{' '}
          ·{' '}
          <a className="text-primary-600 underline dark:text-primary-400" href={`/${lang}/privacy-policy`}>
            {t('shell:cookies.privacy')}
          </a>
        </p>
        <button type="button" data-boot-accept="" className="self-end rounded-md bg-primary-600 px-4 py-2 font-medium text-white hover:bg-primary-700 sm:self-auto">
          {t('shell:cookies.accept')}
        </button>
      </div>
    </div>
  );
}
