import { z } from 'zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Email, RegisterPassword, ResetPassword, VerificationCode } from '@coinlens/contracts/auth/api';

/**
 * The auth and settings forms' schemas, built from the contract's own field schemas
 * (`@coinlens/contracts/auth/api`: the rules the server applies), so the browser checks the
 * same rules before sending. Imported only by the lazily loaded auth and settings pages: zod stays
 * out of the entry chunk.
 *
 * The contract's messages are English developer texts; {@link keyedResolver} replaces each
 * field's message with an i18n key of `auth:validation.*`, chosen from the field's value (empty →
 * "required", else "invalid").
 */

/** Message key of one field's failure, from the value the user typed. */
type KeyOf = (value: unknown) => string;

const required = (empty: string, invalid: string): KeyOf => (v) => (typeof v === 'string' && v.trim() === '' ? empty : invalid);

/** i18n keys (namespace `auth`) by field name. */
export const FIELD_KEYS = {
  email: required('validation.emailRequired', 'validation.emailInvalid'),
  loginPassword: () => 'validation.passwordRequired',
  registerPassword: required('validation.passwordRequired', 'validation.passwordWeak'),
  resetPassword: required('validation.passwordRequired', 'validation.resetPasswordWeak'),
  code: () => 'validation.codeInvalid',
  agreement: () => 'validation.agreementRequired',
  confirm: () => 'validation.confirmMismatch',
} satisfies Record<string, KeyOf>;

/**
 * zodResolver of `schema` whose error messages are i18n keys: `keys[field](value)` for each failing
 * field (fields without an entry keep the schema's message).
 */
export function keyedResolver<S extends z.ZodObject>(schema: S, keys: Partial<Record<keyof z.input<S> & string, KeyOf>>): Resolver<z.input<S> & FieldValues, unknown, z.output<S>> {
  const base = zodResolver(schema) as unknown as Resolver<z.input<S> & FieldValues, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const errors = result.errors as Record<string, { message?: string } | undefined>;
    for (const [name, err] of Object.entries(errors)) {
      const key = keys[name as keyof typeof keys];
      if (err && key) err.message = key((values as Record<string, unknown>)[name]);
    }
    return result;
  };
}

/** Login: e-mail and a non-empty password (`LoginBody`). */
export const LoginForm = z.object({ email: Email, password: z.string().min(1).max(128) });
export const loginResolver = keyedResolver(LoginForm, { email: FIELD_KEYS.email, password: FIELD_KEYS.loginPassword });

/** Register: `RegisterBody`'s e-mail and password, and the agreement ticked. */
export const RegisterForm = z.object({ email: Email, password: RegisterPassword, agreement_accepted: z.boolean().refine((v) => v) });
export const registerResolver = keyedResolver(RegisterForm, { email: FIELD_KEYS.email, password: FIELD_KEYS.registerPassword, agreement_accepted: FIELD_KEYS.agreement });

/** Forgot password / change e-mail: one e-mail. */
export const EmailForm = z.object({ email: Email });
export const emailResolver = keyedResolver(EmailForm, { email: FIELD_KEYS.email });

/** A mailed 6-digit code (`VerificationCode`). */
export const CodeForm = z.object({ code: VerificationCode });
export const codeResolver = keyedResolver(CodeForm, { code: FIELD_KEYS.code });

/** New password twice (`ResetPassword`), the two equal. */
export const NewPasswordForm = z
  .object({ password: ResetPassword, confirm: z.string() })
  // checked even when the password itself fails, so both messages show at once
  .refine((v) => v.confirm === v.password, { path: ['confirm'], when: () => true });
export const newPasswordResolver = keyedResolver(NewPasswordForm, {
  password: FIELD_KEYS.resetPassword,
  confirm: FIELD_KEYS.confirm,
});
