import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementDialog } from './AgreementDialog';

/**
 * "I have read and agree to the User Agreement": a checkbox, a link opening the
 * agreement (Decline/Accept in the dialog set the box) and, when `error` is set, the translated
 * reason under it (`aria-invalid` and `aria-describedby` on the box). Used wherever a user agrees to
 * the terms: register, a new social identity, a new wallet. Controlled: `checked` + `onChange`
 * (react-hook-form wires it with a `Controller`).
 */
export function AgreementCheckbox({
  checked,
  onChange,
  error,
  testId = 'agreement-checkbox',
  small = false,
  className = '',
}: {
  checked: boolean;
  onChange: (accepted: boolean) => void;
  /** i18n key (namespace `auth`) of the error shown under the box. */
  error?: string;
  testId?: string;
  /** 12 px text (inside dialogs and cards) instead of 13 px (forms). */
  small?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const errorId = useId();
  return (
    <div className={className}>
      <label className={`flex items-start gap-2 ${small ? 'text-[12px]' : 'text-[13px]'}`}>
        <input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5"
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
        />
        <span>
          {t('register.agreementPrefix')}{' '}
          <button type="button" className="text-primary-600 hover:underline dark:text-primary-400" onClick={() => setOpen(true)} data-testid="agreement-open">
            {t('register.agreementLink')}
          </button>
        </span>
      </label>
      {error && (
        <p id={errorId} className="mt-1 text-[12px] text-down" role="alert">
          {t(error)}
        </p>
      )}
      <AgreementDialog open={open} onClose={() => setOpen(false)} withActions onResult={onChange} />
    </div>
  );
}
