import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { ExchangeResult, TelegramAuthData } from '@coinlens/contracts';
import { Logo } from '../../components/layout/Logo';
import { ApiError } from '../../lib/api';
import { getCookieConsent, saveSession } from '../../lib/session';
import { toStoredLocale, isSupportedLang } from '../../lib/locale';
import { authApi } from './auth-api';
import { AgreementDialog } from './AgreementDialog';
import { apiErrorToForm, CodeInput, Field, FormMessage, PasswordInput, retryAfterOf, rules, SubmitButton, TextInput, useCountdown, type FieldErrors } from './form';
import { PendingIdentityChoice } from './PendingIdentity';
import { SocialButtons } from './SocialButtons';

/** Centred card of the header-less auth screens. */
function AuthCard({ title, subtitle, children, testId }: { title: string; subtitle?: ReactNode; children: ReactNode; testId?: string }) {
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

const linkCls = 'text-[13px] text-primary-600 hover:underline dark:text-primary-400';

/** The URL language and helpers of the auth screens. */
function useAuthNav() {
  const { lang: raw } = useParams();
  const lang = isSupportedLang(raw) ? raw : 'en-US';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const to = (p: string) => `/${lang}/${p}`;
  /** After any sign-in: the `redirect` page (same-site paths only), else home. */
  const afterSignIn = useCallback(() => {
    const r = params.get('redirect');
    navigate(r && r.startsWith('/') && !r.startsWith('//') ? r : `/${lang}/home`, { replace: true });
  }, [params, navigate, lang]);
  return { lang, storedLang: toStoredLocale(lang), navigate, params, to, afterSignIn };
}

/** Telegram widget data → signed in, or the create/merge choice. */
function useTelegram(afterSignIn: () => void) {
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

// ---- login -----------------------------------------------------------------------------------------

/** Route `login`: e-mail and password, then Google / X / Telegram / MetaMask when configured. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { lang, storedLang, navigate, to, afterSignIn, params } = useAuthNav();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const [busy, setBusy] = useState(false);
  const tg = useTelegram(afterSignIn);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = { email: rules.email(email) ?? undefined, password: rules.required(password) ?? undefined };
    setErrors(next);
    setFormError(null);
    setUnverified(false);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      saveSession(await authApi.login(email.trim(), password));
      afterSignIn();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') setUnverified(true);
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid', password: 'validation.passwordRequired' });
      setErrors(r.fields);
      setFormError(r.form);
    } finally {
      setBusy(false);
    }
  };

  if (tg.pending) {
    return (
      <AuthCard title={t('login.title')}>
        <PendingIdentityChoice pending={tg.pending} lang={storedLang} onSignedIn={afterSignIn} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} testId="login-page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('login.email')} error={errors.email} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        </Field>
        <Field label={t('login.password')} error={errors.password} htmlFor="password">
          <PasswordInput id="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
        </Field>
        <div className="flex justify-end">
          <Link className={linkCls} to={`${to('auth/forgot-password')}${email ? `?email=${encodeURIComponent(email.trim())}` : ''}`}>
            {t('login.forgot')}
          </Link>
        </div>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        {unverified && (
          <FormMessage kind="info">
            {t('login.notVerified')}{' '}
            <Link className={linkCls} to={`${to('register')}?verify=1&email=${encodeURIComponent(email.trim())}`}>
              {t('login.verifyNow')}
            </Link>
          </FormMessage>
        )}
        <SubmitButton busy={busy} busyLabel={t('login.submitting')} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
      <div className="mt-4">
        <SocialButtons lang={storedLang} onSignedIn={afterSignIn} onBindExisting={() => navigate(`${to('login')}?redirect=${encodeURIComponent(to('settings'))}`)} onTelegram={tg.onTelegram} />
        {tg.error && <FormMessage>{t(tg.error)}</FormMessage>}
      </div>
      <p className="mt-5 text-center text-[13px] text-muted">
        {t('login.noAccount')}{' '}
        <Link className={linkCls} to={`/${lang}/register`}>
          {t('login.register')}
        </Link>
      </p>
    </AuthCard>
  );
}

// ---- register and verify -----------------------------------------------------------------------

const REGISTRATION_KEY = 'coinlens.registration';

/**
 * The registration attempt of this tab (`registration_id` from `register`, for its e-mail): a mailed
 * code verifies only together with the id of the attempt it was mailed for, so the id is kept in
 * sessionStorage (survives a reload, not the tab) and never in a URL.
 */
const registrationStore = {
  get(email: string): string | null {
    try {
      const v = JSON.parse(sessionStorage.getItem(REGISTRATION_KEY) ?? 'null') as { email: string; id: string } | null;
      return v && v.email === email.trim().toLowerCase() ? v.id : null;
    } catch {
      return null;
    }
  },
  set(email: string, id: string) {
    sessionStorage.setItem(REGISTRATION_KEY, JSON.stringify({ email: email.trim().toLowerCase(), id }));
  },
  clear() {
    sessionStorage.removeItem(REGISTRATION_KEY);
  },
};

/** The 6-digit code step of registration (SPEC "Verify Email"): resend after the server's countdown. */
function VerifyEmailStep({ email, registrationId, initialWait, onBack, onSignedIn }: { email: string; registrationId: string; initialWait: number; onBack: () => void; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useCountdown(initialWait);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const v = rules.code(code);
    setError(v);
    setFormError(null);
    if (v) return;
    setBusy(true);
    try {
      saveSession(await authApi.verifyRegisterCode(email, code, registrationId));
      registrationStore.clear();
      onSignedIn();
    } catch (err) {
      setFormError(apiErrorToForm(err).form);
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setFormError(null);
    setNotice(null);
    try {
      const r = await authApi.resendRegisterCode(email, registrationId);
      setWait(r.resend_in);
      setCode('');
      setNotice('verify.resent');
    } catch (err) {
      const s = retryAfterOf(err);
      if (s) setWait(s);
      setFormError(apiErrorToForm(err).form);
    }
  };
  return (
    <AuthCard title={t('verify.title')} subtitle={t('verify.body', { email })} testId="verify-page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('verify.code')} error={error} htmlFor="code">
          <CodeInput value={code} onChange={setCode} error={error} />
        </Field>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        {notice && <FormMessage kind="success">{t(notice)}</FormMessage>}
        <SubmitButton busy={busy} busyLabel={t('verify.submitting')} testId="verify-submit">
          {t('verify.submit')}
        </SubmitButton>
      </form>
      <div className="mt-4 flex items-center justify-between text-[13px]">
        <button type="button" className={linkCls} onClick={onBack}>
          {t('verify.changeEmail')}
        </button>
        <button type="button" className={`${linkCls} disabled:cursor-not-allowed disabled:text-muted disabled:no-underline`} disabled={wait > 0} onClick={resend} data-testid="resend-code">
          {wait > 0 ? t('verify.resendIn', { seconds: wait }) : t('verify.resend')}
        </button>
      </div>
    </AuthCard>
  );
}

/** Route `register`: e-mail, password and the user agreement, then the 6-digit code. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { lang, storedLang, navigate, to, afterSignIn, params } = useAuthNav();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // "Verify e-mail" from the login page: the code step when this tab holds that address's attempt,
  // else the form (prefilled) to start a new attempt.
  const [step, setStep] = useState<{ email: string; registrationId: string; wait: number } | null>(() => {
    const id = params.get('verify') && params.get('email') ? registrationStore.get(params.get('email')!) : null;
    return id ? { email: params.get('email')!, registrationId: id, wait: 0 } : null;
  });
  const [notice, setNotice] = useState<string | null>(params.get('verify') && !step ? 'register.newAttempt' : null);
  const tg = useTelegram(afterSignIn);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {
      email: rules.email(email) ?? undefined,
      password: rules.registerPassword(password) ?? undefined,
      agreement_accepted: agreed ? undefined : 'validation.agreementRequired',
    };
    setErrors(next);
    setFormError(null);
    setNotice(null);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const r = await authApi.register({ email: email.trim(), password, agreement_accepted: agreed, cookie_accepted: getCookieConsent(), lang: storedLang });
      registrationStore.set(r.email, r.registration_id);
      setStep({ email: r.email, registrationId: r.registration_id, wait: r.resend_in });
    } catch (err) {
      const s = retryAfterOf(err);
      const pendingId = registrationStore.get(email);
      if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON' && pendingId) {
        // this tab's attempt for the address is still open: back to its code step
        setStep({ email: email.trim().toLowerCase(), registrationId: pendingId, wait: s ?? 60 });
        return;
      }
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid', password: 'validation.passwordWeak' });
      setErrors(r.fields);
      setFormError(r.form);
    } finally {
      setBusy(false);
    }
  };

  if (step) return <VerifyEmailStep email={step.email} registrationId={step.registrationId} initialWait={step.wait} onBack={() => setStep(null)} onSignedIn={afterSignIn} />;
  if (tg.pending) {
    return (
      <AuthCard title={t('register.title')}>
        <PendingIdentityChoice pending={tg.pending} lang={storedLang} onSignedIn={afterSignIn} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} testId="register-page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('register.email')} error={errors.email} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
        </Field>
        <Field label={t('register.password')} error={errors.password} hint={t('register.passwordHint')} htmlFor="password">
          <PasswordInput id="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
        </Field>
        <div>
          <label className="flex items-start gap-2 text-[13px]">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              className="mt-0.5"
              aria-invalid={!!errors.agreement_accepted}
              data-testid="agreement-checkbox"
            />
            <span>
              {t('register.agreementPrefix')}{' '}
              <button type="button" className={linkCls} onClick={() => setAgreementOpen(true)} data-testid="agreement-open">
                {t('register.agreementLink')}
              </button>
            </span>
          </label>
          {errors.agreement_accepted && (
            <p role="alert" className="mt-1 text-[12px] text-down">
              {t(errors.agreement_accepted)}
            </p>
          )}
        </div>
        {notice && (
          <FormMessage kind="info">
            {t(notice)}
          </FormMessage>
        )}
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        <SubmitButton busy={busy} busyLabel={t('register.submitting')} testId="register-submit">
          {t('register.submit')}
        </SubmitButton>
      </form>
      <div className="mt-4">
        <SocialButtons lang={storedLang} onSignedIn={afterSignIn} onBindExisting={() => navigate(`${to('login')}?redirect=${encodeURIComponent(to('settings'))}`)} onTelegram={tg.onTelegram} />
        {tg.error && <FormMessage>{t(tg.error)}</FormMessage>}
      </div>
      <p className="mt-5 text-center text-[13px] text-muted">
        {t('register.haveAccount')}{' '}
        <Link className={linkCls} to={`/${lang}/login`}>
          {t('register.login')}
        </Link>
      </p>
      <AgreementDialog
        open={agreementOpen}
        onClose={() => setAgreementOpen(false)}
        withActions
        onResult={(v) => {
          setAgreed(v);
          if (v) setErrors((e) => ({ ...e, agreement_accepted: undefined }));
        }}
      />
    </AuthCard>
  );
}

// ---- forgot and reset password -------------------------------------------------------------------

/** Route `auth/forgot-password`: mails a reset code ("sent if the address exists"). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { to, params, navigate } = useAuthNav();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = rules.email(email);
    setError(v);
    setFormError(null);
    if (v) return;
    setBusy(true);
    try {
      const r = await authApi.forgotPassword(email.trim());
      navigate(`${to('auth/reset-password')}?email=${encodeURIComponent(r.email)}&sent=${r.resend_in}`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON') {
        navigate(`${to('auth/reset-password')}?email=${encodeURIComponent(email.trim().toLowerCase())}&sent=${retryAfterOf(err) ?? 60}`);
        return;
      }
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid' });
      setError(r.fields.email ?? null);
      setFormError(r.form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.body')} testId="forgot-page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('forgot.email')} error={error} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        </Field>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        <SubmitButton busy={busy} busyLabel={t('forgot.submitting')} testId="forgot-submit">
          {t('forgot.submit')}
        </SubmitButton>
      </form>
      <p className="mt-5 text-center">
        <Link className={linkCls} to={to('login')}>
          {t('forgot.back')}
        </Link>
      </p>
    </AuthCard>
  );
}

/**
 * Route `auth/reset-password?email=`: the mailed code (exchanged for a one-time token), then the new
 * password twice (≥ 8 characters with letters and digits). Every session is signed out on success.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { to, params, navigate } = useAuthNav();
  const email = params.get('email') ?? '';
  const sentWait = Number(params.get('sent') ?? 0);
  const [code, setCode] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useCountdown(Number.isFinite(sentWait) ? sentWait : 0);
  const [done, setDone] = useState(false);
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(doneTimer.current), []);

  if (!email) {
    return (
      <AuthCard title={t('reset.title')}>
        <FormMessage kind="info">{t('reset.noEmail')}</FormMessage>
        <p className="mt-4 text-center">
          <Link className={linkCls} to={to('auth/forgot-password')}>
            {t('forgot.title')}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const v = rules.code(code);
    setErrors({ code: v ?? undefined });
    setFormError(null);
    if (v) return;
    setBusy(true);
    try {
      setToken((await authApi.verifyResetCode(email, code)).token);
    } catch (err) {
      setFormError(apiErrorToForm(err).form);
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setFormError(null);
    try {
      setWait((await authApi.resendResetCode(email)).resend_in);
    } catch (err) {
      const s = retryAfterOf(err);
      if (s) setWait(s);
      setFormError(apiErrorToForm(err).form);
    }
  };
  const change = async (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {
      password: rules.resetPassword(password) ?? undefined,
      confirm: confirm !== password ? 'validation.confirmMismatch' : undefined,
    };
    setErrors(next);
    setFormError(null);
    if (next.password || next.confirm || !token) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, email, password);
      setDone(true);
      doneTimer.current = setTimeout(() => navigate(`${to('login')}?email=${encodeURIComponent(email)}`), 1500);
    } catch (err) {
      const r = apiErrorToForm(err, { password: 'validation.resetPasswordWeak' });
      setErrors(r.fields);
      setFormError(r.form);
      if (err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID') setToken(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.body', { email })} testId="reset-page">
      {done ? (
        <FormMessage kind="success">{t('reset.done')}</FormMessage>
      ) : !token ? (
        <>
          <FormMessage kind="info">{t('forgot.sent', { email })}</FormMessage>
          <form onSubmit={verify} noValidate className="mt-4 space-y-4">
            <Field label={t('reset.code')} error={errors.code} htmlFor="code">
              <CodeInput value={code} onChange={setCode} error={errors.code} />
            </Field>
            {formError && <FormMessage>{t(formError)}</FormMessage>}
            <SubmitButton busy={busy} busyLabel={t('verify.submitting')} testId="reset-verify">
              {t('reset.verifyCode')}
            </SubmitButton>
          </form>
          <div className="mt-4 flex justify-end">
            <button type="button" className={`${linkCls} disabled:cursor-not-allowed disabled:text-muted`} disabled={wait > 0} onClick={resend}>
              {wait > 0 ? t('reset.resendIn', { seconds: wait }) : t('reset.resend')}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={change} noValidate className="space-y-4">
          <Field label={t('reset.password')} error={errors.password} hint={t('reset.passwordHint')} htmlFor="password">
            <PasswordInput id="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
          </Field>
          <Field label={t('reset.confirm')} error={errors.confirm} htmlFor="confirm">
            <PasswordInput id="confirm" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
          </Field>
          {formError && <FormMessage>{t(formError)}</FormMessage>}
          <SubmitButton busy={busy} busyLabel={t('reset.submitting')} testId="reset-submit">
            {t('reset.submit')}
          </SubmitButton>
        </form>
      )}
      <p className="mt-5 text-center">
        <Link className={linkCls} to={to('login')}>
          {t('forgot.back')}
        </Link>
      </p>
    </AuthCard>
  );
}

// ---- OAuth callbacks -------------------------------------------------------------------------------

/**
 * Where Google or X send the browser back (`?code&state`, or `?error`): finishes sign-in, or shows
 * the create/merge choice for a new identity, or completes a connect started from settings.
 */
function OAuthCallback({ provider }: { provider: 'google' | 'x' }) {
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

/** Route `auth/google/callback`. */
export function GoogleCallbackPage() {
  return <OAuthCallback provider="google" />;
}

/** Route `auth/x/callback`. */
export function XCallbackPage() {
  return <OAuthCallback provider="x" />;
}
