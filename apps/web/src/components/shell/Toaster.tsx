import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '../../lib/toast';

/** Renders the toasts (25rem wide, bottom centre). Errors are announced assertively. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  if (!toasts.length) return null;
  return (
    <div className="pointer-events-none fixed bottom-6 left-1/2 z-[70] flex w-[25rem] max-w-[90vw] -translate-x-1/2 flex-col gap-2" data-testid="toaster">
      {toasts.map((x) => (
        <div
          key={x.id}
          role={x.kind === 'error' ? 'alert' : 'status'}
          data-testid={`toast-${x.id}`}
          className={`pointer-events-auto flex items-start gap-3 rounded-md border bg-surface px-4 py-3 text-[13px] shadow-lg ${
            x.kind === 'error' ? 'border-down/40 text-down' : x.kind === 'success' ? 'border-up/40 text-up' : 'border-border text-fg'
          }`}
        >
          <span className="flex-1">{t(x.messageKey)}</span>
          <button type="button" aria-label={t('shell:close')} className="text-muted hover:text-fg" onClick={() => dismissToast(x.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
