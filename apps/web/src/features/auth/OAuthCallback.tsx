import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ExchangeResult } from '@coinlens/contracts';
import { ApiError } from '../../lib/api';
import { saveSession } from '../../lib/session';
import { authApi } from './auth-api';
import { AuthCard, linkCls, useAuthNav } from './auth-shell';
import { apiErrorToForm, FormMessage } from './form';
import { PendingIdentityChoice } from './PendingIdentity';

/**
 * Where Google or X send the browser back (`?code&state`, or `?error`): finishes sign-in, or shows
 * the create/merge choice for a new identity, or completes a connect started from settings.
 */
export function OAuthCallback({ provider }: { provider: 'google' | 'x' }) {
  const { t } = useTranslation('auth');
  const { storedLang, params, to, navigate, afterSignIn } = useAuthNav();
  const [pending, setPending] = useState<Extract<ExchangeResult, { status: 'new' }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? undefined;
    const state = params.get('state') ?? '';
    const connecting = sessionStorage.getItem('oauth_connect') === provider;
    sessionStorage.removeItem('oauth_connect');
    (async () => {
      try {
        if (!state || params.get('error')) throw new ApiError(provider === 'google' ? 'GOOGLE_CODE_MISSING' : 'X_LOGIN_FAILED', 400, 'denied');
        if (connecting) {
          await authApi.oauthConnect(provider, { code, state, lang: storedLang });
          navigate(to('settings'), { replace: true });
          return;
        }
        const r = await authApi.oauthExchange(provider, { code, state, lang: storedLang });
        if (r.status === 'signed_in') {
          saveSession(r);
          afterSignIn();
        } else setPending(r);
      } catch (err) {
        setError(apiErrorToForm(err).form ?? `errors:${provider === 'google' ? 'GOOGLE_LOGIN_FAILED' : 'X_LOGIN_FAILED'}`);
      }
    })();
  }, [params, provider, storedLang, afterSignIn, navigate, to]);
  return (
    <AuthCard title={pending ? t('oauth.newTitle') : t('oauth.signingIn')} testId="oauth-callback">
      {pending ? (
        <PendingIdentityChoice pending={pending} lang={storedLang} onSignedIn={afterSignIn} />
      ) : error ? (
        <div className="space-y-4 text-center">
          <FormMessage>{t(error)}</FormMessage>
          <Link className={linkCls} to={to('login')}>
            {t('oauth.backToLogin')}
          </Link>
        </div>
      ) : (
        <div className="flex justify-center py-6" aria-busy="true">
          <span className="h-6 w-6 animate-spin rounded-full border-2 border-primary-500 border-t-transparent" />
        </div>
      )}
    </AuthCard>
  );
}
