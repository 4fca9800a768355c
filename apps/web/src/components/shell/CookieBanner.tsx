import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { COOKIE_CONSENT_EVENT, getCookieConsent, storeCookieConsent, useSession } from '../../lib/session';
import { api } from '../../lib/api-client';

/** Event that the footer's "cookie settings" link dispatches to show the banner again. */
export const COOKIE_SETTINGS_EVENT = 'coinlens:cookie-settings';

/**
 * Cookie banner at the bottom until accepted: a link to the terms of service and
 * privacy policy, and Accept, which stores 'Yes' under `isCookieAccepted` and, when signed in,
 * records the consent on the server. It closes as soon as the consent is stored by anything else:
 * the static shell's Accept (index.html, boot.js) clicked while the app's first render was under
 * way, or the signed-in account's consent (lib/session `useMe`).
 */
export function CookieBanner() {
  const { lang = 'en-US' } = useParams();
  const { userId } = useSession();
  const [open, setOpen] = useState(() => !getCookieConsent());
  useEffect(() => {
    const show = () => setOpen(true);
    const hide = () => setOpen(false);
    // accepted between the first render and this effect (the static shell's button)
    if (getCookieConsent()) hide();
    window.addEventListener(COOKIE_SETTINGS_EVENT, show);
    window.addEventListener(COOKIE_CONSENT_EVENT, hide);
    return () => {
      window.removeEventListener(COOKIE_SETTINGS_EVENT, show);
      window.removeEventListener(COOKIE_CONSENT_EVENT, hide);
    };
  }, []);
  if (!open) return null;
  const accept = () => {
    storeCookieConsent();
    setOpen(false);
    if (userId) void api('acceptCookies', { params: { id: userId } }, { navigationScoped: false }).catch(() => undefined);
  };
  return <CookieBannerView lang={lang} onAccept={accept} />;
}

/**
 * The banner's markup. With `onAccept`, the app's banner (router links, its Accept stores the
 * consent); without, the static form the server renders before the app runs
 * ({@link CookieBannerPlaceholder}): plain links, `data-boot-cookies` (hidden by the stylesheet once
 * consent is stored) and `data-boot-accept` (public/boot.js stores the consent on its click).
 */
export function CookieBannerView({ lang, onAccept }: { lang: string; onAccept?: () => void }) {
  const { t } = useTranslation();
  const link = (path: string, text: string) =>
    onAccept ? (
      <Link className="text-primary-600 underline dark:text-primary-400" to={`/${lang}/${path}`}>
        {text}
      </Link>
    ) : (
      <a className="text-primary-600 underline dark:text-primary-400" href={`/${lang}/${path}`}>
        {text}
      </a>
    );
  return (
    <div
      role="region"
      aria-label={t('shell:cookies.label')}
      {...(onAccept ? { 'data-testid': 'cookie-banner' } : { 'data-boot-cookies': '' })}
      className="fixed inset-x-0 bottom-0 z-[60] border-t border-border bg-surface/95 px-4 py-3 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-[1440px] flex-col gap-3 text-[13px] sm:flex-row sm:items-center">
        <p className="flex-1 text-muted">
          {t('shell:cookies.text')} {link('terms-of-service', t('shell:cookies.terms'))} · {link('privacy-policy', t('shell:cookies.privacy'))}
        </p>
        <button
          type="button"
          onClick={onAccept}
          {...(onAccept ? { 'data-testid': 'cookie-accept' } : { 'data-boot-accept': '' })}
          className="self-end rounded-md bg-primary-600 px-4 py-2 font-medium text-white hover:bg-primary-700 sm:self-auto"
        >
          {t('shell:cookies.accept')}
        </button>
      </div>
    </div>
  );
}
