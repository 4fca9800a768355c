import { useTranslation } from 'react-i18next';

/** Error state with the translated message of an error code and a retry button. */
export function ErrorState({ messageKey, onRetry }: { messageKey?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-4 py-8 text-center">
      <p className="text-sm text-fg">{t('states.error')}</p>
      {messageKey && <p className="text-[13px] text-muted">{t(messageKey, { defaultValue: t('errors:INTERNAL') })}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}
