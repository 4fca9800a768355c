import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api';
import { authApi } from './auth-api';
import { AuthCard, linkCls, useAuthNav } from './auth-shell';
import { apiErrorToForm, Field, FormMessage, retryAfterOf, setFieldErrors, SubmitButton, TextInput } from './form';
import { emailResolver } from './form-schemas';

/** Route `auth/forgot-password`: mails a reset code ("sent if the address exists"). */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { to, params, navigate } = useAuthNav();
  const { register, handleSubmit, setError, formState } = useForm({ resolver: emailResolver, defaultValues: { email: params.get('email') ?? '' } });
  const error = formState.errors.email?.message;
  const [formError, setFormError] = useState<string | null>(null);
  const submit = handleSubmit(
    async (v) => {
      setFormError(null);
      try {
        const r = await authApi.forgotPassword(v.email);
        navigate(`${to('auth/reset-password')}?email=${encodeURIComponent(r.email)}&sent=${r.resend_in}`);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'RESEND_TOO_SOON') {
          navigate(`${to('auth/reset-password')}?email=${encodeURIComponent(v.email)}&sent=${retryAfterOf(err) ?? 60}`);
          return;
        }
        const r = apiErrorToForm(err, { email: 'validation.emailInvalid' });
        setFieldErrors(setError, r.fields, ['email'] as const);
        setFormError(r.form);
      }
    },
    () => setFormError(null),
  );
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.body')} testId="forgot-page">
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('forgot.email')} error={error} htmlFor="email">
          <TextInput id="email" type="email" autoComplete="email" {...register('email')} error={error} />
        </Field>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('forgot.submitting')} testId="forgot-submit">
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
