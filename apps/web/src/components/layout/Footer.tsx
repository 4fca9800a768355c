import { useState } from 'react';
import { COOKIE_SETTINGS_EVENT } from '../shell/CookieBanner';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { Dialog, DialogButton } from '../Dialog';
import { useCopy } from '../../lib/use-copy';
import { Logo } from './Logo';

const DEFAULT_SUPPORT_EMAIL = 'support@coinlens.example';
const DEFAULT_SOCIAL_URL = 'https://x.com/coinlens';


function ContactDialog({ open, onClose, email }: { open: boolean; onClose: () => void; email: string }) {
  const { t } = useTranslation();
  const { state: copied, copy } = useCopy({ resetMs: null });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('contact.title')}
      footer={
        <DialogButton onClick={onClose}>{t('contact.close')}</DialogButton>
      }
    >
      <p className="mb-2 text-muted">{t('contact.body')}</p>
      <div className="flex items-center gap-2">
        <a href={`mailto:${email}`} className="font-medium text-primary-600 hover:underline dark:text-primary-400" data-testid="support-email">
          {email}
        </a>
        <button
          type="button"
          className="rounded border border-border px-2 py-0.5 text-[12px] text-muted hover:text-fg"
          onClick={() => {
            void copy(email);
          }}
        >
          {copied === 'copied' ? t('states.copied') : t('contact.copy')}
        </button>
      </div>
    </Dialog>
  );
}

/** Footer: links, contact dialog, social link, copyright with the current year (bar 88 px). */
export function Footer() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const [contactOpen, setContactOpen] = useState(false);
  const { data: config } = usePublicConfig();
  const email = config?.support_email ?? DEFAULT_SUPPORT_EMAIL;
  const social = DEFAULT_SOCIAL_URL;
  const link = 'text-muted hover:text-fg whitespace-nowrap';
  return (
    <footer className="mt-8 border-t border-border bg-surface" data-testid="app-footer">
      <div className="mx-auto flex min-h-[88px] w-full max-w-[1440px] flex-col justify-center gap-2 px-3 py-4 sm:px-4 lg:flex-row lg:items-center lg:justify-between lg:gap-6 lg:px-6">
        <div className="flex shrink-0 items-center gap-3">
          <Logo compact />
          <span className="hidden text-[12px] text-muted xl:inline">{t('app.tagline')}</span>
        </div>
        <nav aria-label={t('footer.links')} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[13px]">
          <Link className={link} to={`/${lang}/about-us`}>
            {t('footer.aboutUs')}
          </Link>
          <button type="button" className={link} onClick={() => setContactOpen(true)}>
            {t('footer.contactUs')}
          </button>
          <a className={link} href={social} target="_blank" rel="noopener noreferrer">
            {t('footer.social')}
          </a>
          <Link className={link} to={`/${lang}/terms-of-service`}>
            {t('footer.userAgreement')}
          </Link>
          <Link className={link} to={`/${lang}/privacy-policy`}>
            {t('footer.privacyPolicy')}
          </Link>
          <button type="button" className={link} onClick={() => window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))} data-testid="cookie-settings">
            {t('footer.cookieSettings')}
          </button>
        </nav>
        <p className="shrink-0 text-[12px] text-muted" data-testid="copyright">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} email={email} />
    </footer>
  );
}
