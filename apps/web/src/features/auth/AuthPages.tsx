import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/ui';
import { Logo } from '../../components/layout/Logo';

/** Centred card used by the header-less auth screens. */
function AuthCard({ heading, title, body, children }: { heading: string; title: string; body: string; children?: ReactNode }) {
  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-lg border border-border bg-surface p-6">
        <div className="mb-4 flex justify-center">
          <Logo />
        </div>
        <h1 className="text-center text-xl font-semibold">{heading}</h1>
        <EmptyState title={title} body={body}>
          {children}
        </EmptyState>
      </div>
    </div>
  );
}

function useLangLink() {
  const { lang } = useParams();
  return (p: string) => `/${lang}/${p}`;
}

const linkCls = 'text-[13px] text-primary-600 hover:underline dark:text-primary-400';

/** Route `login`. Filled by the accounts work. */
export function LoginPage() {
  const { t } = useTranslation('pages');
  const to = useLangLink();
  return (
    <AuthCard heading={t('login.heading')} title={t('login.empty')} body={t('login.emptyBody')}>
      <p className="text-[13px] text-muted">
        {t('login.noAccount')}{' '}
        <Link className={linkCls} to={to('register')}>
          {t('register.heading')}
        </Link>
      </p>
    </AuthCard>
  );
}

/** Route `register`. Filled by the accounts work. */
export function RegisterPage() {
  const { t } = useTranslation('pages');
  const to = useLangLink();
  return (
    <AuthCard heading={t('register.heading')} title={t('register.empty')} body={t('register.emptyBody')}>
      <p className="text-[13px] text-muted">
        {t('register.haveAccount')}{' '}
        <Link className={linkCls} to={to('login')}>
          {t('login.heading')}
        </Link>
      </p>
    </AuthCard>
  );
}

/** Route `auth/forgot-password`. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('pages');
  return <AuthCard heading={t('forgotPassword.heading')} title={t('forgotPassword.empty')} body={t('forgotPassword.emptyBody')} />;
}

/** Route `auth/reset-password`. */
export function ResetPasswordPage() {
  const { t } = useTranslation('pages');
  return <AuthCard heading={t('resetPassword.heading')} title={t('resetPassword.empty')} body={t('resetPassword.emptyBody')} />;
}

/** Route `auth/google/callback`. */
export function GoogleCallbackPage() {
  const { t } = useTranslation('pages');
  return <AuthCard heading={t('googleCallback.heading')} title={t('googleCallback.empty')} body={t('googleCallback.emptyBody')} />;
}
