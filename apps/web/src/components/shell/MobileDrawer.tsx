import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout, useMe, useSession, ymd } from '../../lib/session';
import { toggleTheme } from '../../lib/theme';
import { lockBodyScroll } from '../../lib/scroll-lock';
import { useTheme } from '../../lib/use-theme';
import { SUPPORTED_LANGS, switchLanguage, type AppLang } from '../../lib/locale';
import { Switch } from '../Switch';

/**
 * Full-screen mobile drawer: trading signals and trending feed; subscription (only with a
 * membership end date, with its expiry badge); settings (signed in); light/dark switch and language
 * selector; logout, or register and login. Locks page scrolling while open; Escape closes.
 */
export function MobileDrawer({ open, onClose, lang }: { open: boolean; onClose: () => void; lang: AppLang }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { me } = useMe();
  const theme = useTheme();
  const qc = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!open) return;
    const release = lockBodyScroll();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => {
      release();
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose]);
  if (!open) return null;
  const end = ymd(me?.subscription_end_date);
  const item = 'flex h-12 items-center justify-between border-b border-border px-1 text-[15px] font-medium';
  // Portalled to <body>: the header's backdrop blur would otherwise clip this fixed layer to 58 px.
  return createPortal(
    <div role="dialog" aria-modal="true" aria-label={t('shell:menu')} data-testid="mobile-drawer" className="fixed inset-0 z-[55] flex flex-col bg-surface">
      <div className="flex h-[58px] items-center justify-between border-b border-border px-4">
        <span className="text-[15px] font-semibold">{t('shell:menu')}</span>
        <button type="button" aria-label={t('shell:close')} onClick={onClose} className="inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-surface-2">
          <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <nav className="flex-1 overflow-y-auto px-4" onClick={(e) => (e.target as HTMLElement).closest('a') && onClose()}>
        <Link className={item} to={`/${lang}/trading-signals`}>{t('nav.signals')}</Link>
        <Link className={item} to={`/${lang}/screener`}>{t('nav.screener')}</Link>
        <Link className={item} to={`/${lang}/feeds`}>{t('nav.feeds')}</Link>
        {token && <Link className={item} to={`/${lang}/following`}>{t('shell:watchlist')}</Link>}
        {end && (
          <Link className={item} to={`/${lang}/pricing`} data-testid="drawer-subscription">
            <span>{t('shell:subscription')}</span>
            <span className="rounded-full bg-primary-50 px-2 py-0.5 text-[12px] text-primary-700 dark:bg-primary-950 dark:text-primary-300">{t('shell:expiresOn', { date: end })}</span>
          </Link>
        )}
        {token && <Link className={item} to={`/${lang}/settings`}>{t('shell:settings')}</Link>}
        <div className={item}>
          <span id="drawer-theme">{t('shell:darkMode')}</span>
          <Switch checked={theme === 'dark'} onChange={() => toggleTheme()} labelledBy="drawer-theme" />
        </div>
        <div className={item}>
          <span>{t('header.language')}</span>
          <div className="flex gap-1">
            {SUPPORTED_LANGS.map((l) => (
              <button
                key={l}
                type="button"
                lang={l}
                aria-pressed={l === lang}
                onClick={() => l !== lang && switchLanguage(l)}
                className={`rounded-md px-2.5 py-1 text-[13px] ${l === lang ? 'bg-primary-600 text-white' : 'bg-surface-2 text-fg'}`}
              >
                {t(`header.languageNames.${l}`)}
              </button>
            ))}
          </div>
        </div>
      </nav>
      <div className="border-t border-border p-4">
        {token ? (
          <button type="button" className="h-11 w-full rounded-md border border-border text-[15px] font-medium text-down" onClick={() => { onClose(); void logout(qc, (p) => navigate(p)); }}>
            {t('shell:logout')}
          </button>
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Link onClick={onClose} to={`/${lang}/register`} className="inline-flex h-11 items-center justify-center rounded-md border border-border text-[15px] font-medium">{t('shell:register')}</Link>
            <Link onClick={onClose} to={`/${lang}/login`} className="inline-flex h-11 items-center justify-center rounded-md bg-primary-600 text-[15px] font-medium text-white">{t('shell:login')}</Link>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}
