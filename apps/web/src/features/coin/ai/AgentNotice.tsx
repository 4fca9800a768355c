import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { errorKey, isCancelled } from '../../../lib/api';
import { formatDateTimeUtc, formatPrice } from '../../../lib/format';
import { createPaperPlan, usePaperPlans } from './ai-api';

/**
 * The AI trading agent is announced as coming soon. Users with the `lab` permission see
 * the preview instead: paper plans from the short-term strategy, replayed on the market clock.
 */
export function AgentNotice({ coinId, symbol: _symbol, lab }: { coinId: string; symbol: string; lab: boolean }) {
  const { t, i18n } = useTranslation('ai');
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  const plans = usePaperPlans(coinId, lab);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!lab) {
    return (
      <aside className="rounded-md border border-dashed border-border px-3 py-2 text-[12px] text-muted" data-testid="agent-coming-soon">
        <span className="font-semibold text-fg">{t('agent.title')}</span> · {t('agent.comingSoon')}
      </aside>
    );
  }
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      await createPaperPlan(coinId, lang);
      await qc.invalidateQueries({ queryKey: ['lab', 'plans', coinId] });
    } catch (e) {
      if (!isCancelled(e)) setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <aside className="space-y-2 rounded-md border border-primary-500/40 px-3 py-3 text-[12px]" data-testid="agent-lab">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-[13px] font-semibold">{t('agent.labTitle')}</h3>
        <button type="button" disabled={busy} onClick={() => void create()} className="rounded-md bg-primary-600 px-2.5 py-1 text-[12px] font-medium text-white hover:bg-primary-700 disabled:opacity-60" data-testid="agent-create">
          {busy ? t('agent.creating') : t('agent.create')}
        </button>
      </div>
      <p className="text-muted">{t('agent.labIntro')}</p>
      {error && <p className="text-down">{t(error, { ns: 'errors' })}</p>}
      {plans.data && plans.data.length === 0 && <p className="text-muted" data-testid="agent-empty">{t('agent.empty')}</p>}
      <ul className="space-y-2">
        {plans.data?.map((p) => {
          const r = p.result;
          const long = p.bias === 'long';
          const tone = r.status === 'target_hit' ? 'text-up' : r.status === 'invalidated' ? 'text-down' : 'text-fg';
          return (
            <li key={p.id} className="min-w-0 space-y-1.5 rounded border border-border px-2.5 py-2" data-testid="agent-plan" data-status={r.status}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex items-center gap-1.5">
                  <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${long ? 'bg-up-soft text-up' : 'bg-down-soft text-down'}`} data-testid="agent-plan-bias">
                    {t(`strategy.${p.bias}`)}
                  </span>
                  <span className="text-[11px] text-muted">{p.timeframe}</span>
                </span>
                <span className={`font-semibold ${tone}`} data-testid="agent-plan-status">
                  {t(`agent.status.${r.status}`)}
                </span>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)]">
                <div className="col-span-2 min-w-0 sm:col-span-1" data-testid="agent-plan-entry">
                  <dt className="text-[11px] text-muted">{t('strategy.entry')}</dt>
                  <dd className="num font-medium">{formatPrice(p.entry_low)}–{formatPrice(p.entry_high)}</dd>
                </div>
                <div className="min-w-0" data-testid="agent-plan-target">
                  <dt className="text-[11px] text-muted">{t('agent.target')}</dt>
                  <dd className="num font-medium">{formatPrice(p.target)}</dd>
                </div>
                <div className="min-w-0" data-testid="agent-plan-invalidation">
                  <dt className="text-[11px] text-muted" title={t('strategy.invalidationHint')}>
                    {t('strategy.invalidation')}
                  </dt>
                  <dd className="num font-medium text-down">{formatPrice(p.invalidation)}</dd>
                </div>
              </dl>
              <p className="text-muted">
                {t('agent.createdAt', { time: formatDateTimeUtc(p.created_at, lang) })}
                {r.entry_price != null && <> · {t('agent.filled', { price: formatPrice(r.entry_price), time: formatDateTimeUtc(r.entry_time!, lang) })}</>}
                {r.pnl_pct != null && (
                  <>
                    {' '}
                    · <span className={r.pnl_pct >= 0 ? 'text-up' : 'text-down'}>{t('agent.pnl', { pnl: `${r.pnl_pct >= 0 ? '+' : ''}${r.pnl_pct.toFixed(2)}%` })}</span>
                  </>
                )}
              </p>
              <p className="text-[11px] text-muted" data-testid="agent-plan-checked">
                {t('agent.checked', { n: r.candles_checked, time: formatDateTimeUtc(r.as_of, lang) })}
              </p>
            </li>
          );
        })}
      </ul>
    </aside>
  );
}
