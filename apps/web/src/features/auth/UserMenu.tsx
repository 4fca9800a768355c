import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AvatarImage } from '../../components/avatar/avatars';
import { installUnauthorizedHandler, logout, useMe, useSession, ymd } from '../../lib/session';
import { useDismiss } from '../../lib/use-dismiss';

/** True below the md breakpoint (mobile = xs or sm). */
function useIsMobile(): boolean {
  const q = '(max-width: 767px)';
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(q).matches);
  useEffect(() => {
    const m = window.matchMedia?.(q);
    if (!m) return;
    const on = () => setMobile(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return mobile;
}

/**
 * Header user menu: signed in → the avatar with a popup (username, e-mail, VIP badge for
 * members, expiry date YYYY-MM-DD, Subscribe or Renew, Settings, Logout; on mobile the avatar does
 * not open the popup but goes to settings) plus the desktop Subscribe button; signed out (once
 * loaded) → Login and Register. Also installs the forced-logout handler.
 */
export function UserMenu({ lang }: { lang: string }) {
  const { t } = useTranslation('auth');
  const tc = useTranslation().t;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { token, userName } = useSession();
  const { me, loading } = useMe();
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => installUnauthorizedHandler(qc, (p) => navigate(p)), [qc, navigate]);
  useDismiss(ref, open, () => setOpen(false));

  if (!token) {
    return (
      <div className="ml-1 flex items-center gap-1.5" data-testid="user-menu">
        <Link to={`/${lang}/login`} className="rounded-md border border-border px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-fg hover:bg-surface-2" data-testid="header-login">
          {tc('nav.login')}
        </Link>
        <Link
          to={`/${lang}/register`}
          className="hidden rounded-md bg-primary-600 px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-white hover:bg-primary-700 sm:inline-block"
          data-testid="header-register"
        >
          {tc('nav.register')}
        </Link>
      </div>
    );
  }

  const name = me?.profile.nickname || me?.username || userName || '';
  const expiry = ymd(me?.subscription_end_date);
  return (
    <div className="relative ml-1 flex items-center gap-2" ref={ref} data-testid="user-menu">
      <Link
        to={`/${lang}/pricing`}
        className="hidden rounded-md bg-primary-600 px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-white hover:bg-primary-700 md:inline-block"
        data-testid="header-subscribe"
      >
        {me?.isPro ? t('menu.renew') : t('menu.subscribe')}
      </Link>
      <button
        type="button"
        aria-label={t('menu.account')}
        aria-haspopup={mobile ? undefined : 'menu'}
        aria-expanded={mobile ? undefined : open}
        onClick={() => (mobile ? navigate(`/${lang}/settings`) : setOpen((o) => !o))}
        className="relative rounded-full focus-visible:outline-2 focus-visible:outline-primary-500"
        data-testid="avatar-button"
        aria-busy={loading}
      >
        <AvatarImage avatarKey={me?.profile.avatar.key} size={32} />
        {me?.isPro && <span className="absolute -right-1 -bottom-1 rounded bg-amber-400 px-1 text-[9px] leading-3 font-bold text-amber-950">VIP</span>}
      </button>
      {open && !mobile && (
        <div role="menu" className="absolute top-full right-0 z-50 mt-2 w-64 rounded-lg border border-border bg-surface p-3 shadow-lg" data-testid="user-popup">
          <div className="flex items-center gap-3">
            <AvatarImage avatarKey={me?.profile.avatar.key} size={40} />
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 truncate text-[14px] font-semibold" data-testid="popup-name">
                <span className="truncate">{name}</span>
                {me?.isPro && <span className="rounded bg-amber-400 px-1.5 text-[10px] font-bold text-amber-950" data-testid="vip-badge">{t('menu.vip')}</span>}
              </p>
              {me?.email && <p className="truncate text-[12px] text-muted" data-testid="popup-email">{me.email}</p>}
            </div>
          </div>
          <div className="mt-3 flex items-center justify-between gap-2 rounded-md bg-surface-2 px-2.5 py-2 text-[12px]">
            <span className="text-muted">{expiry ? t('menu.expires', { date: expiry }) : t('menu.free')}</span>
            <Link
              to={`/${lang}/pricing`}
              onClick={() => setOpen(false)}
              className="rounded bg-primary-600 px-2 py-1 font-medium text-white hover:bg-primary-700"
            >
              {me?.isPro ? t('menu.renew') : t('menu.subscribe')}
            </Link>
          </div>
          <div className="mt-2 border-t border-border pt-2">
            <Link role="menuitem" to={`/${lang}/settings`} onClick={() => setOpen(false)} className="block rounded px-2 py-1.5 text-[13px] hover:bg-surface-2" data-testid="menu-settings">
              {t('menu.settings')}
            </Link>
            <Link role="menuitem" to={`/${lang}/alerts`} onClick={() => setOpen(false)} className="block rounded px-2 py-1.5 text-[13px] hover:bg-surface-2" data-testid="menu-alerts">
              {tc('shell:alertsBell.menu')}
            </Link>
            <button
              role="menuitem"
              type="button"
              onClick={() => {
                setOpen(false);
                void logout(qc, (p) => navigate(p));
              }}
              className="block w-full rounded px-2 py-1.5 text-left text-[13px] hover:bg-surface-2"
              data-testid="menu-logout"
            >
              {t('menu.logout')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
