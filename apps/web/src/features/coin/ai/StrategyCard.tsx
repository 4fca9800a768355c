import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrategyPlan } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts/common/timeframe';
import { formatDateTimeUtc, formatPrice } from '../../../lib/format';

/** The risks of a plan, and the headlines they cite, each linked to its article. */
function Risks({ plan }: { plan: StrategyPlan }) {
  const { t } = useTranslation('ai');
  return (
    <div>
      <p className="font-semibold">{t('strategy.risks')}</p>
      <ul className="ml-4 list-disc text-muted">
        {plan.risks.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {!!plan.risk_news?.length && (
        <ul className="mt-1 ml-4 list-disc text-muted" data-testid="strategy-risk-news">
          {plan.risk_news.map((n) => (
            <li key={n.id}>
              <a href={n.link} target="_blank" rel="noopener noreferrer" className="text-primary-600 hover:underline dark:text-primary-400">
                {n.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A plan that did not pass its own bar (reward/risk to the first target below the minimum, or a
 * setup record worse than holding with 95 % confidence): "No trade", why, and the levels to watch;
 * the rules' numbers are not offered as a trade.
 */
function NoTradeCard({ title, plan, testId, footer }: { title: string; plan: StrategyPlan; testId?: string; footer?: (plan: StrategyPlan) => ReactNode }) {
  const { t, i18n } = useTranslation('ai');
  const d = plan.decision!;
  const r = d.record;
  return (
    <article className="min-w-0 rounded-md border border-border p-3" data-testid={testId} data-trade="no">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-[13px] font-semibold">
          {title} <span className="font-normal text-muted">· {plan.timeframe}</span>
        </h3>
        <span className="rounded-full bg-surface-2 px-2 py-0.5 text-[11px] font-semibold text-muted" data-testid="strategy-no-trade">{t('strategy.noTrade')}</span>
      </header>
      <ul className="ml-4 list-disc space-y-0.5 text-[12px]" data-testid="strategy-no-trade-reasons">
        {d.reasons.map((k) => (
          <li key={k} data-reason={k}>
            {k === 'reward_risk_below_minimum'
              ? t('strategy.why.reward_risk_below_minimum', { rr: plan.reward_risk?.toFixed(2) ?? '—', min: d.min_reward_risk.toFixed(2) })
              : k === 'record_worse_than_holding' && r
                ? t('strategy.why.record_worse_than_holding', { count: r.n, n: r.n.toLocaleString(i18n.language), ret: pct(r.mean_return_pct), hold: pct(r.mean_hold_pct), lo: pct(r.diff_lo), hi: pct(r.diff_hi), bias: t(`strategy.${plan.bias}`) })
                : t(`strategy.why.${k}`)}
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-[12px]" data-testid="strategy-watch">
        <dt className="text-muted">{t('strategy.watchSupport')}</dt>
        <dd className="num text-right font-medium">{d.watch.support == null ? '—' : formatPrice(d.watch.support)}</dd>
        <dt className="text-muted">{t('strategy.watchResistance')}</dt>
        <dd className="num text-right font-medium">{d.watch.resistance == null ? '—' : formatPrice(d.watch.resistance)}</dd>
        {plan.reward_risk != null && (
          <>
            <dt className="text-muted">{t('strategy.rewardRisk')}</dt>
            <dd className="num text-right">{plan.reward_risk.toFixed(2)}</dd>
          </>
        )}
      </dl>
      <div className="mt-3 space-y-2 text-[12px] leading-relaxed">
        <p>
          <span className="font-semibold">{t('strategy.trendSection')}: </span>
          {plan.trend}
        </p>
        <Risks plan={plan} />
        <p className="text-[11px] text-muted">{t('insights.candle', { tf: plan.timeframe, time: formatDateTimeUtc(plan.candle_open_time + (TIMEFRAME_MS[plan.timeframe] ?? 0), i18n.language) })}</p>
      </div>
      {footer?.(plan)}
    </article>
  );
}

/** A signed percent with two decimals ("+1.25 %", "−0.40 %"). */
const pct = (v: number) => `${v > 0 ? '+' : v < 0 ? '−' : ''}${Math.abs(v).toFixed(2)} %`;


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
  const d = plan.decision;
  if (d && !d.trade) return <NoTradeCard title={title} plan={plan} testId={testId} footer={footer} />;
  return (
    <article className="min-w-0 rounded-md border border-border p-3" data-testid={testId} data-trade="yes">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-[13px] font-semibold">
          {title} <span className="font-normal text-muted">· {plan.timeframe}</span>
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${long ? 'bg-up-soft text-up' : 'bg-down-soft text-down'}`}>
          {t(`strategy.${plan.bias}`)} · {t(`strategy.${plan.setup}`)}
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-[12px]" data-testid="strategy-numbers" data-reward-risk={plan.reward_risk ?? ''}>
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
        <Risks plan={plan} />
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
