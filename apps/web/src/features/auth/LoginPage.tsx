import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { saveSession } from '../../lib/session';
import { authApi } from './auth-api';
import { AuthCard, linkCls, SocialSignIn, useAuthNav, useTelegram } from './auth-shell';
import { apiErrorToForm, Field, FormMessage, PasswordInput, setFieldErrors, SubmitButton, TextInput } from './form';
import { loginResolver } from './form-schemas';
import { PendingIdentityChoice } from './PendingIdentity';

/** Route `login`: e-mail and password, then Google / X / Telegram / MetaMask when configured. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { lang, storedLang, to, afterSignIn, params } = useAuthNav();
  const { register, handleSubmit, setError, watch, formState } = useForm({ resolver: loginResolver, defaultValues: { email: params.get('email') ?? '', password: '' } });
  const errors = formState.errors;
  const email = watch('email');
  const [formError, setFormError] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const tg = useTelegram(afterSignIn);

  const reset = () => {
    setFormError(null);
    setUnverified(false);
  };
  const submit = handleSubmit(async (v) => {
    reset();
    try {
      saveSession(await authApi.login(v.email, v.password));
      afterSignIn();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'EMAIL_NOT_VERIFIED') setUnverified(true);
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid', password: 'validation.passwordRequired' });
      setFieldErrors(setError, r.fields, ['email', 'password'] as const);
      setFormError(r.form);
    }
  }, reset);

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
        <Field label={t('login.email')} error={errors.email?.message} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        </Field>
        <Field label={t('login.password')} error={errors.password?.message} htmlFor="password">
          <PasswordInput id="password" autoComplete="current-password" {...register('password')} error={errors.password?.message} />
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
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('login.submitting')} testId="login-submit">
          {t('login.submit')}
        </SubmitButton>
      </form>
      <SocialSignIn tg={tg} />
      <p className="mt-5 text-center text-[13px] text-muted">
        {t('login.noAccount')}{' '}
        <Link className={linkCls} to={`/${lang}/register`}>
          {t('login.register')}
        </Link>
      </p>
    </AuthCard>
  );
}
