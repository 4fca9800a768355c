import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrategyPlan } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts/common/timeframe';
import { formatDateTimeUtc, formatPrice } from '../../../lib/format';


/** One strategy: bias, entry zone, targets, the invalidation price, horizon, and the trend/strategy/risks/summary sections. */
export function StrategyCard({ title, plan, testId, footer }: { title: string; plan: StrategyPlan | null; testId?: string; footer?: (plan: StrategyPlan) => ReactNode }) {
  const { t, i18n } = useTranslation('ai');
  if (!plan) {
    return (
      <article className="rounded-md border border-border p-3 text-[13px] text-muted" data-testid={testId}>
        <h3 className="mb-1 font-semibold text-fg">{title}</h3>
        {t('strategy.none')}
      </article>
    );
  }
  const long = plan.bias === 'long';
  return (
    <article className="min-w-0 rounded-md border border-border p-3" data-testid={testId}>
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-[13px] font-semibold">
          {title} <span className="font-normal text-muted">· {plan.timeframe}</span>
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${long ? 'bg-up-soft text-up' : 'bg-down-soft text-down'}`}>
          {t(`strategy.${plan.bias}`)} · {t(`strategy.${plan.setup}`)}
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-[12px]">
        <dt className="text-muted">{t('strategy.entry')}</dt>
        <dd className="num text-right font-medium">
          {formatPrice(plan.entry_zone.low)}–{formatPrice(plan.entry_zone.high)}
        </dd>
        <dt className="text-muted">{t('strategy.targets')}</dt>
        <dd className="num text-right font-medium">{plan.targets.map(formatPrice).join(' / ')}</dd>
        <dt className="text-muted" title={t('strategy.invalidationHint')}>
          {t('strategy.invalidation')}
        </dt>
        <dd className="num text-right font-semibold text-down" data-testid="strategy-invalidation">
          {formatPrice(plan.invalidation_price)}
        </dd>
        {plan.reward_risk != null && (
          <>
            <dt className="text-muted">{t('strategy.rewardRisk')}</dt>
            <dd className="num text-right">{plan.reward_risk.toFixed(2)}</dd>
          </>
        )}
        <dt className="text-muted">{t('strategy.horizon')}</dt>
        <dd className="text-right">{plan.horizon}</dd>
      </dl>
      <div className="mt-3 space-y-2 text-[12px] leading-relaxed">
        <p>
          <span className="font-semibold">{t('strategy.trendSection')}: </span>
          {plan.trend}
        </p>
        <p>
          <span className="font-semibold">{t('strategy.strategySection')}: </span>
          {plan.strategy}
        </p>
        <div>
          <p className="font-semibold">{t('strategy.risks')}</p>
          <ul className="ml-4 list-disc text-muted">
            {plan.risks.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <p>
          <span className="font-semibold">{t('strategy.summary')}: </span>
          {plan.summary}
        </p>
        <p className="text-[11px] text-muted">{t('insights.candle', { tf: plan.timeframe, time: formatDateTimeUtc(plan.candle_open_time + (TIMEFRAME_MS[plan.timeframe] ?? 0), i18n.language) })}</p>
      </div>
      {footer?.(plan)}
    </article>
  );
}
