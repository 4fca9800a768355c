import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { authApi, apiErrorToForm, CodeInput, Field, FormMessage, retryAfterOf, setFieldErrors, TextInput, useCountdown, codeResolver, emailResolver } from '../auth';
import { btn, primaryBtn } from './settings-ui';

/** Account-binding modal: an address, a 6-digit code sent to it, then verification. A fresh form each time it opens. */
export function BindEmailDialog({ open, onClose, initialEmail, onDone }: { open: boolean; onClose: () => void; initialEmail: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Dialog open={open} onClose={onClose} title={t('email.modalTitle')} width="26rem">
      <BindEmailForm initialEmail={initialEmail} onClose={onClose} onDone={onDone} />
    </Dialog>
  );
}

function BindEmailForm({ initialEmail, onClose, onDone }: { initialEmail: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const ta = useTranslation('auth').t;
  const emailForm = useForm({ resolver: emailResolver, defaultValues: { email: initialEmail } });
  const codeForm = useForm({ resolver: codeResolver, defaultValues: { code: '' } });
  const emailError = emailForm.formState.errors.email?.message;
  const codeError = codeForm.formState.errors.code?.message;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [wait, setWait] = useCountdown(0);
  const send = emailForm.handleSubmit(
    async (v) => {
      setFormError(null);
      try {
        const r = await authApi.sendBindEmailCode(v.email);
        setSentTo(r.email);
        setWait(r.resend_in);
      } catch (err) {
        const s = retryAfterOf(err);
        if (s) {
          setWait(s);
          setSentTo(v.email);
        }
        const r = apiErrorToForm(err, { email: 'validation.emailInvalid' });
        setFieldErrors(emailForm.setError, r.fields, ['email'] as const);
        setFormError(r.form);
      }
    },
    () => setFormError(null),
  );
  const verify = codeForm.handleSubmit(
    async (v) => {
      setFormError(null);
      if (!sentTo) return;
      try {
        await authApi.verifyBindEmailCode(sentTo, v.code);
        onDone();
        onClose();
      } catch (err) {
        setFormError(apiErrorToForm(err).form);
      }
    },
    () => setFormError(null),
  );
  const busy = emailForm.formState.isSubmitting || codeForm.formState.isSubmitting;
  return (
    <form onSubmit={verify} noValidate className="space-y-4" data-testid="bind-email-dialog">
      <p className="text-[13px] text-muted">{t('email.modalBody')}</p>
      <Field label={ta('register.email')} error={emailError} htmlFor="bind-email">
        <div className="flex gap-2">
          <TextInput id="bind-email" type="email" {...emailForm.register('email')} error={emailError} />
          <button type="button" className={`${btn} whitespace-nowrap`} onClick={() => void send()} disabled={busy || wait > 0}>
            {wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.sendCode')}
          </button>
        </div>
      </Field>
      {sentTo && (
        <Field label={t('email.code')} error={codeError} htmlFor="bind-code">
          <Controller control={codeForm.control} name="code" render={({ field }) => <CodeInput id="bind-code" value={field.value} onChange={field.onChange} error={codeError} />} />
        </Field>
      )}
      {formError && <FormMessage>{ta(formError)}</FormMessage>}
      {sentTo && (
        <div className="flex justify-end">
          <button type="submit" className={primaryBtn} disabled={busy}>
            {t('email.submit')}
          </button>
        </div>
      )}
    </form>
  );
}
