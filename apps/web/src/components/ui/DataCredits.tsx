import { useTranslation } from 'react-i18next';

/** Data credits shown wherever market figures are displayed. */
export function DataCredits({ extra }: { extra?: string[] }) {
  const { t } = useTranslation();
  return (
    <p className="text-[11px] leading-snug text-muted" data-testid="data-credits">
      {t('credits.market')}
      {extra && extra.length > 0 && <> · {extra.join(' · ')}</>}
    </p>
  );
}
