import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isSupportedLang } from '../../lib/locale';
import { Logo } from '../../components/layout/Logo';

/** Catch-all page (header hidden) with a link home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { lang } = useParams();
  const home = isSupportedLang(lang) ? `/${lang}/home` : '/';
  return (
    <div className="flex min-h-[80vh] flex-col items-center justify-center gap-4 px-4 text-center" data-testid="not-found">
      <Logo />
      <p className="num text-6xl font-bold text-primary-500">{t('notFound.code')}</p>
      <h1 className="text-xl font-semibold">{t('notFound.heading')}</h1>
      <p className="max-w-sm text-[13px] text-muted">{t('notFound.body')}</p>
      <Link to={home} className="rounded-md bg-primary-600 px-4 py-2 text-[13px] font-medium text-white hover:bg-primary-700">
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
