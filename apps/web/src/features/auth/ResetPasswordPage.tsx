import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { authApi } from './auth-api';
import { AuthCard, linkCls, useAuthNav } from './auth-shell';
import { apiErrorToForm, CodeInput, Field, FormMessage, PasswordInput, retryAfterOf, setFieldErrors, SubmitButton, useCountdown } from './form';
import { codeResolver, newPasswordResolver } from './form-schemas';

/**
 * Route `auth/reset-password?email=`: the mailed code (exchanged for a one-time token), then the new
 * password twice (≥ 8 characters with letters and digits). Every session is signed out on success.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { to, params, navigate } = useAuthNav();
  const email = params.get('email') ?? '';
  const [token, setToken] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // the message of a rejected token, shown again on the code step it sends the user back to
  const [tokenError, setTokenError] = useState<string | null>(null);
  const doneTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(doneTimer.current), []);
  const finish = () => {
    setDone(true);
    doneTimer.current = setTimeout(() => navigate(`${to('login')}?email=${encodeURIComponent(email)}`), 1500);
  };

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
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.body', { email })} testId="reset-page">
      {done ? (
        <FormMessage kind="success">{t('reset.done')}</FormMessage>
      ) : !token ? (
        <ResetCodeStep email={email} onToken={setToken} initialError={tokenError} />
      ) : (
        <NewPasswordStep
          email={email}
          token={token}
          onDone={finish}
          onTokenInvalid={(form) => {
            setTokenError(form);
            setToken(null);
          }}
        />
      )}
      <p className="mt-5 text-center">
        <Link className={linkCls} to={to('login')}>
          {t('forgot.back')}
        </Link>
      </p>
    </AuthCard>
  );
}

/** The mailed code, exchanged for the one-time reset token; resend after the server's countdown. */
function ResetCodeStep({ email, onToken, initialError }: { email: string; onToken: (token: string) => void; initialError: string | null }) {
  const { t } = useTranslation('auth');
  const { params } = useAuthNav();
  const sentWait = Number(params.get('sent') ?? 0);
  const { control, handleSubmit, formState } = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const error = formState.errors.code?.message;
  const [formError, setFormError] = useState<string | null>(initialError);
  const [wait, setWait] = useCountdown(Number.isFinite(sentWait) ? sentWait : 0);
  const verify = handleSubmit(
    async (v) => {
      setFormError(null);
      try {
        onToken((await authApi.verifyResetCode(email, v.code)).token);
      } catch (err) {
        setFormError(apiErrorToForm(err).form);
      }
    },
    () => setFormError(null),
  );
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
  return (
    <>
      <FormMessage kind="info">{t('forgot.sent', { email })}</FormMessage>
      <form onSubmit={verify} noValidate className="mt-4 space-y-4">
        <Field label={t('reset.code')} error={error} htmlFor="code">
          <Controller control={control} name="code" render={({ field }) => <CodeInput value={field.value} onChange={field.onChange} error={error} />} />
        </Field>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('verify.submitting')} testId="reset-verify">
          {t('reset.verifyCode')}
        </SubmitButton>
      </form>
      <div className="mt-4 flex justify-end">
        <button type="button" className={`${linkCls} disabled:cursor-not-allowed disabled:text-muted`} disabled={wait > 0} onClick={resend}>
          {wait > 0 ? t('reset.resendIn', { seconds: wait }) : t('reset.resend')}
        </button>
      </div>
    </>
  );
}

/** The new password twice (the page goes to login after success). */
function NewPasswordStep({ email, token, onDone, onTokenInvalid }: { email: string; token: string; onDone: () => void; onTokenInvalid: (formError: string | null) => void }) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, setError, formState } = useForm({ resolver: newPasswordResolver, defaultValues: { password: '', confirm: '' } });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  const change = handleSubmit(
    async (v) => {
      setFormError(null);
      try {
        await authApi.resetPassword(token, email, v.password);
        onDone();
      } catch (err) {
        const r = apiErrorToForm(err, { password: 'validation.resetPasswordWeak' });
        setFieldErrors(setError, r.fields, ['password'] as const);
        setFormError(r.form);
        if (err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID') onTokenInvalid(r.form);
      }
    },
    () => setFormError(null),
  );
  return (
    <form onSubmit={change} noValidate className="space-y-4">
      <Field label={t('reset.password')} error={errors.password?.message} hint={t('reset.passwordHint')} htmlFor="password">
        <PasswordInput id="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
      </Field>
      <Field label={t('reset.confirm')} error={errors.confirm?.message} htmlFor="confirm">
        <PasswordInput id="confirm" autoComplete="new-password" {...register('confirm')} error={errors.confirm?.message} />
      </Field>
      {formError && <FormMessage>{t(formError)}</FormMessage>}
      <SubmitButton busy={formState.isSubmitting} busyLabel={t('reset.submitting')} testId="reset-submit">
        {t('reset.submit')}
      </SubmitButton>
    </form>
  );
}
