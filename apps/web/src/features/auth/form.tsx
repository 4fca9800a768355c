import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isCancelled } from '../../lib/api';

export type FieldErrors = Record<string, string | undefined>;

/**
 * Splits an API error into per-field messages (server 400 `fields` such as `body.email` mapped to
 * the input named `email`, with the form's own rule message for that field) and one form message
 * (`errors:CODE`). Cancellations give nothing.
 */
export function apiErrorToForm(err: unknown, fieldKeys: Record<string, string> = {}): { fields: FieldErrors; form: string | null } {
  if (isCancelled(err)) return { fields: {}, form: null };
  if (err instanceof ApiError) {
    const fields: FieldErrors = {};
    for (const f of err.fields ?? []) {
      const name = f.path.split('.').slice(1).join('.') || f.path;
      fields[name] = fieldKeys[name] ?? 'validation.invalid';
    }
    if (err.code === 'VALIDATION_FAILED' && Object.keys(fields).length) return { fields, form: null };
    if (err.code === 'AGREEMENT_REQUIRED') return { fields: { agreement_accepted: 'validation.agreementRequired' }, form: null };
    return { fields, form: `errors:${err.code}` };
  }
  return { fields: {}, form: 'errors:INTERNAL' };
}

/** Labelled input with its error below (aria-invalid / aria-describedby wired). */
export function Field({ label, error, hint, children, htmlFor }: { label: ReactNode; error?: string | null; hint?: ReactNode; children: ReactNode; htmlFor: string }) {
  const { t } = useTranslation('auth');
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-[13px] font-medium text-fg">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} role="alert" className="text-[12px] text-down">
          {t(error)}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="text-[12px] text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const inputCls =
  'block w-full rounded-md border border-border bg-surface px-3 py-2 text-[14px] text-fg placeholder:text-muted focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-500/30 aria-[invalid=true]:border-down';

/** Text input bound to a field error. */
export function TextInput({ id, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string | null }) {
  return <input id={id} name={id} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} className={inputCls} {...rest} />;
}

/** Password input with a show/hide toggle. */
export function PasswordInput({ id, error, ...rest }: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string | null }) {
  const { t } = useTranslation('auth');
  const [show, setShow] = useState(false);
  return (
    <div className="relative">
      <input id={id} name={id} type={show ? 'text' : 'password'} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} className={`${inputCls} pr-10`} {...rest} />
      <button
        type="button"
        onClick={() => setShow((s) => !s)}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted hover:text-fg"
        aria-label={show ? t('login.hidePassword') : t('login.showPassword')}
      >
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {show && <path d="M4 4l16 16" strokeLinecap="round" />}
        </svg>
      </button>
    </div>
  );
}

/** Six single-digit boxes (6-digit code); pasting a whole code fills every box. */
export function CodeInput({ value, onChange, error, autoFocus = true, id = 'code' }: { value: string; onChange: (v: string) => void; error?: string | null; autoFocus?: boolean; id?: string }) {
  const { t } = useTranslation('auth');
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const digits = Array.from({ length: 6 }, (_, i) => value[i] ?? '');
  useEffect(() => {
    if (autoFocus) refs.current[0]?.focus();
  }, [autoFocus]);
  const set = (i: number, d: string) => {
    const next = digits.slice();
    next[i] = d;
    onChange(next.join('').replace(/\D/g, '').slice(0, 6));
  };
  return (
    <div id={id} className="flex gap-2" role="group" aria-label={t('verify.code')} aria-describedby={error ? `${id}-error` : undefined}>
      {digits.map((d, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          maxLength={6}
          value={d}
          aria-label={t('verify.digit', { n: i + 1 })}
          aria-invalid={!!error}
          data-testid={`code-digit-${i}`}
          className={`${inputCls} h-12 w-11 text-center text-lg font-semibold tabular-nums`}
          onChange={(e) => {
            const raw = e.target.value.replace(/\D/g, '');
            if (raw.length > 1) {
              onChange((digits.slice(0, i).join('') + raw).slice(0, 6));
              refs.current[Math.min(5, i + raw.length)]?.focus();
              return;
            }
            set(i, raw);
            if (raw && i < 5) refs.current[i + 1]?.focus();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace' && !digits[i] && i > 0) refs.current[i - 1]?.focus();
          }}
        />
      ))}
    </div>
  );
}

/** Seconds left of a countdown started with `start(seconds)`. */
export function useCountdown(initial = 0): [number, (s: number) => void] {
  const [left, setLeft] = useState(initial);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((l) => Math.max(0, l - 1)), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, setLeft];
}

/** Seconds to wait from an API error (`details.retry_after_s` of RESEND_TOO_SOON / RATE_LIMITED). */
export function retryAfterOf(err: unknown): number | null {
  const d = (err as { details?: { retry_after_s?: number } } | null)?.details;
  return typeof d?.retry_after_s === 'number' ? d.retry_after_s : null;
}

/** Primary submit button with a busy label. */
export function SubmitButton({ busy, children, busyLabel, testId, disabled }: { busy: boolean; children: ReactNode; busyLabel: ReactNode; testId?: string; disabled?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      data-testid={testId}
      className="flex w-full items-center justify-center rounded-md bg-primary-600 px-3 py-2 text-[14px] font-medium text-white hover:bg-primary-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** Form-level error or notice. */
export function FormMessage({ kind = 'error', children }: { kind?: 'error' | 'info' | 'success'; children: ReactNode }) {
  const cls = kind === 'error' ? 'border-down/40 bg-down-soft text-down' : kind === 'success' ? 'border-up/40 bg-up-soft text-up' : 'border-border bg-surface-2 text-fg';
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-md border px-3 py-2 text-[13px] ${cls}`}>
      {children}
    </div>
  );
}

/**
 * Puts per-field server errors (from {@link apiErrorToForm}) on a react-hook-form form:
 * `setError(name, { message: key })` for each field the form has (`names`).
 */
export function setFieldErrors<N extends string>(setError: (name: N, error: { type: string; message: string }) => void, fields: FieldErrors, names: readonly N[]): void {
  for (const name of names) {
    const key = fields[name];
    if (key) setError(name, { type: 'server', message: key });
  }
}
