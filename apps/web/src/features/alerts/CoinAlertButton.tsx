import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateAlertDialog } from './CreateAlertDialog';

/**
 * The bell button beside Follow on the coin page: opens the create-alert dialog (signed out: login).
 * A module of its own, so the coin page does not load the Alerts page's code with it.
 */
export function CoinAlertButton({ coin, price }: { coin: { slug: string; symbol: string; name: string }; price: number | null | undefined }) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="inline-flex h-8 items-center gap-1.5 rounded-md border border-border px-3 text-[13px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500" data-testid="coin-alert-button">
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1112 0v5l1.5 2h-15z" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 004 0" strokeLinecap="round" />
        </svg>
        {t('coinButton')}
      </button>
      <CreateAlertDialog open={open} onClose={() => setOpen(false)} draft={{ coin, price: price ?? null }} />
    </>
  );
}
