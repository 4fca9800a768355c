import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FullAnalysis } from '@coinlens/contracts';
import { ApiError, errorKey, isCancelled } from '../../../lib/api';
import { formatDateTimeUtc } from '../../../lib/format';
import { useMe, useSession } from '../../../lib/session';
import { Panel, Skeleton } from '../../../components/ui';
import { useUpgradePrompt } from '../../pricing';
import { fetchFullAnalysis, generateStrategy, useAggregate } from './ai-api';
import { BasedOn } from './BasedOn';
import { StrategyCard } from './StrategyCard';
import { StrategyRecordLine } from './StrategyRecordLine';
import { AgentNotice } from './AgentNotice';
import { StrategyAlertButton } from '../../alerts';

/**
 * The coin page's AI content: 24-hour highlights, K-line insights, the strategy cards (short term,
 * medium/long term; generated on request within the strategy quota), the Pro full analysis and
 * the trading-agent notice (or its lab preview). Every block says which data it rests on.
 */
export function CoinAiPanel({ coinId, symbol }: { coinId: string; symbol: string }) {
  const { t, i18n } = useTranslation('ai');
  const lang = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  const { lang: urlLang = 'en-US' } = useParams();
  const { token } = useSession();
  const { me } = useMe();
  const qc = useQueryClient();
  const agg = useAggregate(coinId, lang);
  const upgrade = useUpgradePrompt();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [full, setFull] = useState<FullAnalysis | null>(null);
  const [fullBusy, setFullBusy] = useState(false);

  // The answer is rendered as a transition (in slices), not in the task that receives it.
  const a = useDeferredValue(agg.data);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await generateStrategy(coinId, lang);
      await qc.invalidateQueries({ queryKey: ['ai', 'aggregate', coinId] });
      await qc.invalidateQueries({ queryKey: ['users', 'usage', 'strategy_per_day'] });
    } catch (e) {
      if (!isCancelled(e) && !upgrade.handleError(e)) setError(errorKey(e));
    } finally {
      setBusy(false);
    }
  };
  const toggleFull = async () => {
    if (full) return setFull(null);
    setFullBusy(true);
    setError(null);
    try {
      setFull(await fetchFullAnalysis(coinId, lang));
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'UNAUTHORIZED' || e.code === 'SESSION_EXPIRED')) upgrade.prompt('VIP_REQUIRED');
      else if (!isCancelled(e) && !upgrade.handleError(e)) setError(errorKey(e));
    } finally {
      setFullBusy(false);
    }
  };

  return (
    <Panel title={t('insights.title')} actions={a && <span className="min-w-0 text-[11px] break-words text-muted">{a.by === 'builtin' ? t('insights.byBuiltin') : t('insights.byModel', { model: a.by })}</span>}>
      <div className="space-y-4 px-3 py-3 sm:px-4" data-testid="coin-ai">
        {agg.isLoading || (agg.data && !a) ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : agg.isError || !a ? (
          <p className="text-[13px] text-muted">{agg.error instanceof ApiError && agg.error.code === 'TIMEFRAME_NOT_AVAILABLE' ? t('insights.unavailable') : t(errorKey(agg.error), { ns: 'errors', defaultValue: t('insights.unavailable') })}</p>
        ) : (
          <>
            <section data-testid="ai-highlights">
              <h3 className="mb-1.5 text-[12px] font-semibold tracking-wide text-muted uppercase">{t('insights.highlights')}</h3>
              <ul className="space-y-1.5 text-[13px] leading-relaxed">
                {a.highlights.map((h, i) => (
                  <li key={i} className="flex gap-2">
                    <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-primary-500" aria-hidden="true" />
                    <span className="min-w-0 break-words">
                      {h.text}
                      {h.news_id && h.link && (
                        <>
                          {' '}
                          <a href={h.link} target="_blank" rel="noopener noreferrer nofollow" className="text-primary-600 hover:underline dark:text-primary-400">
                            #{h.news_id}
                          </a>
                        </>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            <section data-testid="ai-kline">
              <h3 className="mb-1.5 text-[12px] font-semibold tracking-wide text-muted uppercase">{t('insights.kline')}</h3>
              <ul className="space-y-1.5 text-[13px] leading-relaxed">
                {a.kline_insights.map((k) => (
                  <li key={k.timeframe} className="break-words">
                    {k.text}
                  </li>
                ))}
              </ul>
            </section>
            <section data-testid="ai-strategy">
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-[12px] font-semibold tracking-wide text-muted uppercase">{t('strategy.title')}</h3>
                {a.strategy_usage && (
                  <span className="text-[11px] text-muted" data-testid="strategy-quota">
                    {t('strategy.quota', { remaining: a.strategy_usage.remaining, limit: a.strategy_usage.limit })}
                  </span>
                )}
              </div>
              {a.strategy ? (
                <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
                  {(['short_term', 'medium_long_term'] as const).map((term) => (
                    <StrategyCard
                      key={term}
                      title={t(`strategy.${term}`)}
                      plan={a.strategy![term]}
                      testId={term === 'short_term' ? 'strategy-short' : 'strategy-long'}
                      footer={(p) => (
                        <>
                          <StrategyRecordLine author={a.by} timeframe={p.timeframe} />
                          {/* a "no trade" plan was not proposed (nor recorded): nothing to alert on */}
                          {token && p.decision?.trade !== false && <StrategyAlertButton coin={{ slug: coinId, symbol, name: a.coin.name }} plan={p} term={term} author={a.by} />}
                        </>
                      )}
                    />
                  ))}
                </div>
              ) : !token ? (
                <Link to={`/${urlLang}/login`} className="inline-block rounded-md border border-border px-3 py-1.5 text-[13px] hover:bg-surface-2" data-testid="strategy-sign-in">
                  {t('strategy.signIn')}
                </Link>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <button type="button" disabled={busy} onClick={() => void run()} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-60" data-testid="strategy-generate">
                    {busy ? t('strategy.generating') : t('strategy.generate')}
                  </button>
                  <span className="text-[11px] text-muted">{t('strategy.countedOnce')}</span>
                </div>
              )}
              {error && <p className="mt-2 text-[12px] text-down">{t(error, { ns: 'errors' })}</p>}
            </section>
            <section>
              <button type="button" disabled={fullBusy} onClick={() => (token ? void toggleFull() : upgrade.prompt('VIP_REQUIRED'))} className="text-[13px] font-medium text-primary-600 hover:underline disabled:opacity-60 dark:text-primary-400" data-testid="full-analysis-toggle">
                {full ? t('full.hide') : t('full.open')}
              </button>
              {full && (
                <div className="mt-3 space-y-3" data-testid="full-analysis">
                  <h3 className="text-[12px] font-semibold tracking-wide text-muted uppercase">{t('full.title')}</h3>
                  <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
                    {full.timeframes.map((x) => (
                      <StrategyCard key={x.timeframe} title={x.timeframe} plan={x.plan} />
                    ))}
                  </div>
                  <BasedOn basedOn={full.based_on} />
                </div>
              )}
            </section>
            <footer className="space-y-1 border-t border-border pt-2">
              <BasedOn basedOn={a.based_on} />
              <p className="text-[11px] text-muted">
                {t('insights.generatedAt', { time: formatDateTimeUtc(a.generated_at, lang) })} · {a.disclaimer}
              </p>
            </footer>
          </>
        )}
        <AgentNotice coinId={coinId} symbol={symbol} lab={!!me?.permissions?.includes('lab')} />
      </div>
      {upgrade.dialog}
    </Panel>
  );
}
