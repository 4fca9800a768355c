import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { saveSession } from '../../lib/session';
import { authApi } from './auth-api';
import { AuthCard, linkCls } from './auth-shell';
import { apiErrorToForm, CodeInput, Field, FormMessage, retryAfterOf, SubmitButton, useCountdown } from './form';
import { codeResolver } from './form-schemas';

const REGISTRATION_KEY = 'coinlens.registration';

/**
 * The registration attempt of this tab (`registration_id` from `register`, for its e-mail): a mailed
 * code verifies only together with the id of the attempt it was mailed for, so the id is kept in
 * sessionStorage (survives a reload, not the tab) and never in a URL.
 */
export const registrationStore = {
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

/** The 6-digit code step of registration: resend after the server's countdown. */
export function VerifyEmailStep({ email, registrationId, initialWait, onBack, onSignedIn }: { email: string; registrationId: string; initialWait: number; onBack: () => void; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const { control, handleSubmit, setValue, formState } = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const error = formState.errors.code?.message;
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [wait, setWait] = useCountdown(initialWait);
  const submit = handleSubmit(
    async (v) => {
      setFormError(null);
      try {
        saveSession(await authApi.verifyRegisterCode(email, v.code, registrationId));
        registrationStore.clear();
        onSignedIn();
      } catch (err) {
        setFormError(apiErrorToForm(err).form);
      }
    },
    () => setFormError(null),
  );
  const resend = async () => {
    setFormError(null);
    setNotice(null);
    try {
      const r = await authApi.resendRegisterCode(email, registrationId);
      setWait(r.resend_in);
      setValue('code', '');
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
          <Controller control={control} name="code" render={({ field }) => <CodeInput value={field.value} onChange={field.onChange} error={error} />} />
        </Field>
        {formError && <FormMessage>{t(formError)}</FormMessage>}
        {notice && <FormMessage kind="success">{t(notice)}</FormMessage>}
        <SubmitButton busy={formState.isSubmitting} busyLabel={t('verify.submitting')} testId="verify-submit">
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
