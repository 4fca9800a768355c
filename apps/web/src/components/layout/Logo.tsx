import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The Coinlens mark + word; links to the root (which redirects to the localised home). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 text-fg" aria-label={t('app.logoAlt')} reloadDocument={false}>
      <svg viewBox="0 0 32 32" className="h-7 w-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--color-primary-600)" />
        <circle cx="14" cy="14" r="7" fill="none" stroke="#fff" strokeWidth="3" />
        <path d="M19 19l6 6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {!compact && <span className="text-[17px] font-bold tracking-tight">{t('app.name')}</span>}
    </Link>
  );
}
