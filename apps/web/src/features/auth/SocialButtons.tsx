import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Providers, TelegramAuthData } from '@coinlens/contracts';
import { authApi } from './auth-api';
import { apiErrorToForm } from './form';
import { WalletLoginButton } from './WalletLogin';

/** Which sign-in methods the server offers (`GET /api/auth/providers`); unconfigured ones are hidden. */
export function useProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: () => authApi.providers(), staleTime: 5 * 60_000 });
}

/** Sends the browser to Google's or X's consent page (state cookie set by the server). */
export async function startOAuth(provider: 'google' | 'x', lang: string, purpose: 'login' | 'connect' = 'login'): Promise<void> {
  const { url } = await authApi.oauthUrl(provider, lang, purpose);
  window.location.assign(url);
}

/** What the Telegram Login Widget hands over (the contract's TelegramAuthData). */
type TelegramUser = TelegramAuthData;
declare global {
  interface Window {
    __coinlensTelegramAuth?: (user: TelegramUser) => void;
  }
}

/**
 * The Telegram Login Widget (https://core.telegram.org/widgets/login) for `botName`; calls `onAuth`
 * with the widget's signed data. Loaded only when Telegram is configured.
 */
export function TelegramWidget({ botName, lang, onAuth }: { botName: string; lang: string; onAuth: (user: TelegramUser) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    window.__coinlensTelegramAuth = onAuth;
    const el = ref.current;
    if (!el) return;
    const s = document.createElement('script');
    s.async = true;
    s.src = 'https://telegram.org/js/telegram-widget.js?22';
    s.setAttribute('data-telegram-login', botName);
    s.setAttribute('data-size', 'large');
    s.setAttribute('data-radius', '6');
    s.setAttribute('data-lang', lang.startsWith('zh') ? 'zh-hans' : 'en');
    s.setAttribute('data-request-access', 'write');
    s.setAttribute('data-onauth', '__coinlensTelegramAuth(user)');
    el.appendChild(s);
    return () => {
      el.innerHTML = '';
      delete window.__coinlensTelegramAuth;
    };
  }, [botName, lang, onAuth]);
  return <div ref={ref} className="flex justify-center" />;
}

const btn = 'flex w-full items-center justify-center gap-2 rounded-md border border-border px-3 py-2 text-[14px] font-medium hover:bg-surface-2 disabled:opacity-60';

/**
 * The alternative sign-in buttons under the login and register forms: Google, X, Telegram (each
 * only when configured) and MetaMask. `onExchange` receives a Telegram verification result.
 */
export function SocialButtons({ lang, onSignedIn, onBindExisting, onTelegram }: {
  lang: string;
  onSignedIn: () => void;
  onBindExisting: () => void;
  onTelegram: (user: TelegramUser) => void;
}) {
  const { t } = useTranslation('auth');
  const { data: providers } = useProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const go = async (p: 'google' | 'x') => {
    setBusy(p);
    setError(null);
    try {
      await startOAuth(p, lang);
    } catch (e) {
      setError(apiErrorToForm(e).form);
      setBusy(null);
    }
  };
  const p: Providers | undefined = providers;
  return (
    <div className="space-y-2" data-testid="social-buttons">
      <div className="flex items-center gap-3 py-1 text-[12px] text-muted">
        <span className="h-px flex-1 bg-border" />
        {t('social.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {p?.google && (
        <button type="button" className={btn} disabled={!!busy} onClick={() => go('google')} data-testid="google-login">
          <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden="true">
            <path d="M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 01-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3z" fill="#4285f4" />
            <path d="M12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0012 22z" fill="#34a853" />
            <path d="M6.4 14c-.2-.6-.3-1.3-.3-2s.1-1.4.3-2V7.4H3.1a10 10 0 000 9.2z" fill="#fbbc04" />
            <path d="M12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 003.1 7.4L6.4 10c.8-2.3 3-4.1 5.6-4.1z" fill="#ea4335" />
          </svg>
          {busy === 'google' ? t('social.redirecting') : t('social.google')}
        </button>
      )}
      {p?.x && (
        <button type="button" className={btn} disabled={!!busy} onClick={() => go('x')} data-testid="x-login">
          <svg viewBox="0 0 24 24" className="h-4 w-4" fill="currentColor" aria-hidden="true">
            <path d="M17.8 3h3.1l-6.8 7.8L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L2 3h6.4l4.4 5.9zM16.7 19.2h1.7L7.4 4.7H5.6z" />
          </svg>
          {busy === 'x' ? t('social.redirecting') : t('social.x')}
        </button>
      )}
      {p?.telegram.enabled && p.telegram.bot_name && <TelegramWidget botName={p.telegram.bot_name} lang={lang} onAuth={onTelegram} />}
      <WalletLoginButton lang={lang} onSignedIn={onSignedIn} onBindExisting={onBindExisting} />
      {error && (
        <p role="alert" className="text-center text-[12px] text-down">
          {t(error)}
        </p>
      )}
    </div>
  );
}
