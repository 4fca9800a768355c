import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ExchangeResult, TelegramAuthData } from '@coinlens/contracts';
import { Logo } from '../../components/layout/Logo';
import { saveSession } from '../../lib/session';
import { toStoredLocale, isSupportedLang } from '../../lib/locale';
import { authApi } from './auth-api';
import { apiErrorToForm, FormMessage } from './form';
import { SocialButtons } from './SocialButtons';

/** Centred card of the header-less auth screens. */
export function AuthCard({ title, subtitle, children, testId }: { title: string; subtitle?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4 py-10" data-testid={testId}>
      <div className="w-full max-w-md rounded-lg border border-border bg-surface p-6 shadow-sm">
        <div className="mb-4 flex justify-center">
          <Logo />
        </div>
        <h1 className="text-center text-xl font-semibold">{title}</h1>
        {subtitle && <p className="mt-1 text-center text-[13px] text-muted">{subtitle}</p>}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}

/** Class of the text links of the auth screens. */
export const linkCls = 'text-[13px] text-primary-600 hover:underline dark:text-primary-400';

/**
 * The URL language and helpers of the auth screens: `lang` (`en-US`/`zh-CN`), `storedLang`
 * (`en_US`/`zh_CN`, what the API takes), `to('login')` → `/{lang}/login`, the query `params`, and
 * `afterSignIn()`: the `redirect` page (same-site paths only), else home.
 */
export function useAuthNav() {
  const { lang: raw } = useParams();
  const lang = isSupportedLang(raw) ? raw : 'en-US';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = useCallback((p: string) => `/${lang}/${p}`, [lang]);
  const afterSignIn = useCallback(() => {
    const r = params.get('redirect');
    navigate(r && r.startsWith('/') && !r.startsWith('//') ? r : `/${lang}/home`, { replace: true });
  }, [params, navigate, lang]);
  return { lang, storedLang: toStoredLocale(lang), navigate, params, to, afterSignIn };
}

/** Telegram widget data → signed in, or the create/merge choice (`pending`); `error` is an i18n key. */
export function useTelegram(afterSignIn: () => void) {
  const [pending, setPending] = useState<Extract<ExchangeResult, { status: 'new' }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onTelegram = useCallback(
    async (user: TelegramAuthData) => {
      setError(null);
      try {
        const r = await authApi.telegramVerify(user);
        if (r.status === 'signed_in') {
          saveSession(r);
          afterSignIn();
        } else setPending(r);
      } catch (e) {
        setError(apiErrorToForm(e).form);
      }
    },
    [afterSignIn],
  );
  return { pending, error, onTelegram };
}

/**
 * The social sign-in block under the login and register forms: the provider buttons (signed-in
 * users who pick "bind to an existing account" go to login, then settings) and the Telegram error.
 * `tg` is the page's {@link useTelegram} state (the page also shows `tg.pending`).
 */
export function SocialSignIn({ tg }: { tg: ReturnType<typeof useTelegram> }) {
  const { t } = useTranslation('auth');
  const { storedLang, navigate, to, afterSignIn } = useAuthNav();
  return (
    <div className="mt-4">
      <SocialButtons lang={storedLang} onSignedIn={afterSignIn} onBindExisting={() => navigate(`${to('login')}?redirect=${encodeURIComponent(to('settings'))}`)} onTelegram={tg.onTelegram} />
      {tg.error && <FormMessage>{t(tg.error)}</FormMessage>}
    </div>
  );
}
