import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrategyPlan } from '@coinlens/contracts';
import { useAlertStrategies } from './alerts-api';
import { CreateAlertDialog } from './CreateAlertDialog';

/**
 * "Alert me at target / invalidation" under a strategy card the signed-in user generated: finds the
 * stored record of the card's strategy among the user's strategies of the coin (`GET
 * /api/alerts/strategies?coin`, matched by term, basis candle and author) and opens the alert dialog
 * on the strategy kind with it chosen. When the record is not stored yet, it says so.
 */
export function StrategyAlertButton({ coin, plan, term, author }: { coin: { slug: string; symbol: string; name: string }; plan: StrategyPlan; term: 'short_term' | 'medium_long_term'; author: string }) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const [missing, setMissing] = useState(false);
  const q = useAlertStrategies(coin.slug, open || missing);
  const find = (items: { id: number; term: string; author: string; candle_open_time: string }[] | undefined) =>
    items?.find((s) => s.term === term && s.author === author && Date.parse(s.candle_open_time) === plan.candle_open_time);
  const click = async () => {
    const items = q.data?.items && find(q.data.items) ? q.data.items : (await q.refetch()).data?.items;
    const hit = find(items);
    setMissing(!hit);
    if (hit) setOpen(true);
  };
  const record = find(q.data?.items);
  return (
    <div className="mt-2 border-t border-border pt-2">
      <button type="button" onClick={() => void click()} disabled={q.isFetching} className="inline-flex items-center gap-1.5 rounded-md border border-border px-2.5 py-1 text-[12px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-60" data-testid="strategy-alert-button">
        <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1112 0v5l1.5 2h-15z" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 004 0" strokeLinecap="round" />
        </svg>
        {q.isFetching ? t('strategyButton.busy') : t('strategyButton.label')}
      </button>
      {missing && !record && <p className="mt-1 text-[12px] text-muted" role="status">{t('strategyButton.notStored')}</p>}
      <CreateAlertDialog open={open && !!record} onClose={() => setOpen(false)} draft={{ coin, kind: 'strategy', strategy: record ? { id: record.id } : undefined }} />
    </div>
  );
}
