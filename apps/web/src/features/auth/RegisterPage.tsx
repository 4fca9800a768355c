import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { getCookieConsent } from '../../lib/session';
import { authApi } from './auth-api';
import { AgreementCheckbox } from './AgreementCheckbox';
import { AuthCard, linkCls, SocialSignIn, useAuthNav, useTelegram } from './auth-shell';
import { apiErrorToForm, Field, FormMessage, PasswordInput, retryAfterOf, setFieldErrors, SubmitButton, TextInput } from './form';
import { registerResolver } from './form-schemas';
import { PendingIdentityChoice } from './PendingIdentity';
import { registrationStore, VerifyEmailStep } from './VerifyEmailStep';

/** Route `register`: e-mail, password and the user agreement, then the 6-digit code. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { lang, storedLang, afterSignIn, params } = useAuthNav();
  const { register, control, handleSubmit, setError, formState } = useForm({
    resolver: registerResolver,
    defaultValues: { email: params.get('email') ?? '', password: '', agreement_accepted: false },
  });
  const errors = formState.errors;
  const [formError, setFormError] = useState<string | null>(null);
  // "Verify e-mail" from the login page: the code step when this tab holds that address's attempt,
  // else the form (prefilled) to start a new attempt.
  const [step, setStep] = useState<{ email: string; registrationId: string; wait: number } | null>(() => {
    const id = params.get('verify') && params.get('email') ? registrationStore.get(params.get('email')!) : null;
    return id ? { email: params.get('email')!, registrationId: id, wait: 0 } : null;
  });
  const [notice, setNotice] = useState<string | null>(params.get('verify') && !step ? 'register.newAttempt' : null);
  const tg = useTelegram(afterSignIn);

  const reset = () => {
    setFormError(null);
    setNotice(null);
  };
  const submit = handleSubmit(async (v) => {
    reset();
    try {
      const r = await authApi.register({ email: v.email, password: v.password, agreement_accepted: v.agreement_accepted, cookie_accepted: getCookieConsent(), lang: storedLang });
      registrationStore.set(r.email, r.registration_id);
      setStep({ email: r.email, registrationId: r.registration_id, wait: r.resend_in });
    } catch (err) {
      const s = retryAfterOf(err);
      const pendingId = registrationStore.get(v.email);
      if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON' && pendingId) {
        // this tab's attempt for the address is still open: back to its code step
        setStep({ email: v.email, registrationId: pendingId, wait: s ?? 60 });
        return;
      }
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid', password: 'validation.passwordWeak' });
      setFieldErrors(setError, r.fields, ['email', 'password', 'agreement_accepted'] as const);
      setFormError(r.form);
    }
  }, reset);

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
        <Field label={t('register.email')} error={errors.email?.message} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} />
        </Field>
        <Field label={t('register.password')} error={errors.password?.message} hint={t('register.passwordHint')} htmlFor="password">
          <PasswordInput id="password" autoComplete="new-password" {...register('password')} error={errors.password?.message} />
        </Field>
        <Controller
          control={control}
          name="agreement_accepted"
          render={({ field, fieldState }) => <AgreementCheckbox checked={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
        {notice && <FormMessage kind="info">{t(notice)}</FormMessage>}
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('register.submitting')} testId="register-submit">
          {t('register.submit')}
        </SubmitButton>
      </form>
      <SocialSignIn tg={tg} />
      <p className="mt-5 text-center text-[13px] text-muted">
        {t('register.haveAccount')}{' '}
        <Link className={linkCls} to={`/${lang}/login`}>
          {t('register.login')}
        </Link>
      </p>
    </AuthCard>
  );
}
