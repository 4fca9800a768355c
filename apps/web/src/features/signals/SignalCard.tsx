import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Probability, SignalItem, SignalTaResult, TaTimeframe } from '@coinlens/contracts';
import { levelsAtPrice } from '@coinlens/contracts/signals/levels-at-price';
import { Change, CoinLogo } from '../../components/ui';
import { Sparkline } from '../../components/charts/Sparkline';
import { formatDateTimeUtc, formatPrice, formatUsd } from '../../lib/format';
import { EdgeText } from './EdgeText';
import { accuracyText, probabilityCalibrationHelp, probabilityText, rangeOfLabel, signalName } from './labels';
import { useSignalCardTa, useSparkline } from './queries';
import { CreateAlertDialog } from '../alerts';
import { useSession } from '../../lib/session';
import { useCoinName } from '../../lib/coin-name';

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0" data-testid={testId}>
      <dt className="text-[11px] text-muted">{label}</dt>
      <dd className="text-[13px] font-medium break-words text-fg">{children}</dd>
    </div>
  );
}

const DIR_CLASS = { bullish: 'bg-up-soft text-up', bearish: 'bg-down-soft text-down', neutral: 'bg-surface-2 text-muted' } as const;

/** Direction pill (bullish / bearish / neutral). */
export function DirectionPill({ direction }: { direction: 'bullish' | 'bearish' | 'neutral' }) {
  const { t } = useTranslation('signals');
  return <span className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${DIR_CLASS[direction]}`} data-direction={direction}>{t(`direction.${direction}`)}</span>;
}

/**
 * The one direction of an analysis: the net verdict pill, a "conflicting signals" badge when its
 * votes disagree (signals of both directions, or signals against the trend), and — when the verdict
 * does not simply follow the trend shown beside it — why ("2 bullish vs 1 bearish signal; trend
 * sideways"). Older snapshots without the votes show the pill alone. `pill={false}`: the reason
 * line alone, for a place below a pill shown elsewhere.
 */
export function DirectionVerdict({ ta, showReason = true, pill = true }: { ta: Pick<SignalTaResult, 'market'>; showReason?: boolean; pill?: boolean }) {
  const { t } = useTranslation('signals');
  const v = ta.market.verdict;
  const key = v && v.reason === 'reversal' && v.bullish + v.bearish === 0 ? 'reversal_plain' : v?.reason;
  const reason = v && v.reason !== 'trend' && v.reason !== 'none' ? t(`verdict.reason.${key}`, { bullish: v.bullish, bearish: v.bearish, trend: t(`trend.${ta.market.trend}`) }) : null;
  // the reason alone (beside a pill shown elsewhere): nothing when the verdict simply follows the trend
  if (!pill) return showReason && reason ? <p className="text-[11px] text-muted" data-testid="verdict-reason">{reason}</p> : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5" data-testid="direction-verdict" data-direction={ta.market.direction} data-conflicting={v?.conflicting ? 'true' : 'false'}>
      <DirectionPill direction={ta.market.direction} />
      {v?.conflicting && (
        <span className="rounded border border-amber-500/60 px-1.5 py-0.5 text-[11px] font-semibold text-amber-700 dark:text-amber-300" data-testid="conflicting-signals" title={t('verdict.conflictingHelp')}>
          {t('verdict.conflicting')}
        </span>
      )}
      {showReason && reason && <span className="text-[11px] text-muted" data-testid="verdict-reason">{reason}</span>}
    </span>
  );
}

/** Timeframe selector with the product's labels (1D / 7D / 1M for the 5m, 1h and 1d analyses). */
export function TimeframeSelector({ options, value, onChange, disabled }: { options: { timeframe: TaTimeframe; label: string }[]; value: TaTimeframe; onChange: (tf: TaTimeframe) => void; disabled: boolean }) {
  const { t } = useTranslation('signals');
  return (
    <div role="group" aria-label={t('timeframe.label')} className="flex rounded-md border border-border p-0.5" data-testid="ta-timeframes">
      {options.map((o) => (
        <button
          key={o.timeframe}
          type="button"
          disabled={disabled}
          aria-pressed={o.timeframe === value}
          data-timeframe={o.timeframe}
          title={t(`timeframe.meaning.${o.label}`)}
          onClick={() => onChange(o.timeframe)}
          className={`num rounded px-2 py-0.5 text-[12px] font-medium disabled:cursor-not-allowed disabled:opacity-50 ${o.timeframe === value ? 'bg-primary-600 text-white' : 'text-muted hover:bg-surface-2 hover:text-fg'}`}
        >
          {t(`timeframe.${o.label}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * Signals of one analysis: localized catalogue names, each with its record in the one shared
 * wording — hit rate, baseline, n and the edge with its 95 % interval, or "no measurable edge" —
 * measured only on outcomes closed before the analysed candle.
 */
export function SignalChips({ ta }: { ta: SignalTaResult }) {
  const { t, i18n } = useTranslation('signals');
  if (!ta.market.signals.length) return <p className="text-[12px] text-muted">{t('noSignals')}</p>;
  return (
    <ul className="flex flex-col gap-1" data-testid="signal-labels">
      {ta.market.signals.map((s) => (
        <li key={s.label} className="flex flex-wrap items-baseline gap-x-2 text-[12px]" data-label={s.label} data-verdict={s.edge.verdict}>
          <span className={`rounded border px-1.5 py-0.5 ${s.direction === 'bullish' ? 'border-up/40 text-up' : s.direction === 'bearish' ? 'border-down/40 text-down' : 'border-border text-fg'}`}>
            {signalName(s.name, s.label, i18n.language)}
          </span>
          <EdgeText stat={s.edge} mode="full" className="num text-[11px]" />
        </li>
      ))}
    </ul>
  );
}

/**
 * A stated probability: its calibrated label, rate and n ("Likely · 99 % · n = 1,538"), with where the
 * label comes from in the tooltip; "not yet calibrated" beside a label from the fixed scale, "from
 * backfill" while the label rests on in-sample forecasts, and "No skill over the base rate (x % …)"
 * instead of the label when the kind's Brier skill interval reaches 0.
 */
function ProbabilityValue({ p, kind }: { p: Probability; kind: 'touch' | 'breakthrough' }) {
  const { t } = useTranslation('signals');
  const help = probabilityCalibrationHelp(t, p);
  const c = p.calibration;
  return (
    <span className="num" title={help ? `${help} ${t('probability.help')}` : t('probability.help')} data-calibration={c?.status} data-source={c?.source} data-no-skill={c?.no_skill ? 'true' : undefined}>
      {probabilityText(t, p, kind)}
      {c?.status === 'not_calibrated' && <span className="ml-1 text-[11px] text-muted" data-testid="not-calibrated">({t('probability.notCalibrated')})</span>}
      {c?.source === 'backfill' && <span className="ml-1 text-[11px] text-muted" data-testid="from-backfill">({t('probability.fromBackfill')})</span>}
    </span>
  );
}

/**
 * Trend, intensity, cash flow, volatility, the nearest levels and worded probabilities (with n) of
 * one analysis. `price` (quote currency): the price shown beside it (live when known); the levels are
 * split at it by the shared rule (levelsAtPrice), so a support is always below it and a resistance
 * above. Probabilities are of the target level at the analysed close: not stated when that level
 * lies within the typical move of the horizon ("within normal noise"), nor once the price has
 * crossed it since the close.
 */
export function TaFacts({ ta, price }: { ta: SignalTaResult; price?: number | null }) {
  const { t } = useTranslation('signals');
  const target = ta.probability_target;
  const split = levelsAtPrice(ta.support, ta.resistance, price ?? ta.last_price);
  const support = split.support[0]?.price ?? null;
  const resistance = split.resistance[0]?.price ?? null;
  const targetPrice = target === 'support' ? ta.support_price : target === 'resistance' ? ta.resistance_price : null;
  const crossed = targetPrice != null && (target === 'support' ? support : resistance) !== targetPrice;
  const typical = ta.typical_move?.pct;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
      <Fact label={t('trend.label')} testId="ta-trend">{t(`trend.${ta.market.trend}`)}</Fact>
      <Fact label={t('intensity.label')} testId="ta-intensity">{t(`intensity.${ta.market.intense}`)}</Fact>
      <Fact label={t('cashFlow.label')}>{t(`cashFlow.${ta.market.cash_flow}`)}</Fact>
      <Fact label={t('volatility.label')}>{t(`volatility.${ta.market.volatility}`)}</Fact>
      <Fact label={t('levels.support')} testId="ta-fact-support"><span className="num" data-price={support ?? ''}>{support == null ? t('levels.none') : formatPrice(support)}</span></Fact>
      <Fact label={t('levels.resistance')} testId="ta-fact-resistance"><span className="num" data-price={resistance ?? ''}>{resistance == null ? t('levels.none') : formatPrice(resistance)}</span></Fact>
      {target && (ta.probability_within_noise || crossed) ? (
        <div className="col-span-2 min-w-0" data-testid="ta-noise">
          <dt className="text-[11px] text-muted">{t('probability.touch', { target: t(`probability.target.${target}`) })}</dt>
          <dd className="text-[12px] text-muted">
            {crossed
              ? t('probability.crossed')
              : t('probability.withinNoise', { move: typical == null ? '—' : `±${typical.toFixed(2)} %`, label: ta.label })}
          </dd>
        </div>
      ) : target ? (
        <>
          <Fact label={t('probability.touch', { target: t(`probability.target.${target}`) })} testId="ta-touch">
            <ProbabilityValue p={ta.touch_probability} kind="touch" />
          </Fact>
          <Fact label={t('probability.breakthrough', { target: t(`probability.target.${target}`) })} testId="ta-breakthrough">
            <ProbabilityValue p={ta.breakthrough_probability} kind="breakthrough" />
          </Fact>
        </>
      ) : (
        <Fact label={t('probability.touch', { target: '' })}>{t('probability.none')}</Fact>
      )}
    </dl>
  );
}

/** One coin of the signals lists: header, timeframe selector, analysis facts, signals, sparkline. */
export function SignalCard({ item, fetchedAt }: { item: SignalItem; fetchedAt: number }) {
  const { t, i18n } = useTranslation('signals');
  const coinName = useCoinName();
  const { lang = 'en-US' } = useParams();
  const coin = item.cryptocurrency;
  const options = item.ta_result.map((r) => ({ timeframe: r.current.timeframe, label: r.label }));
  const [tf, setTf] = useState<TaTimeframe>(item.default_timeframe);
  const initial = item.ta_result.find((r) => r.current.timeframe === tf);
  const q = useSignalCardTa(coin.slug, tf, initial ? { data: initial, at: fetchedAt } : undefined);
  const ta = q.data ?? initial;
  const spark = useSparkline(coin.slug, rangeOfLabel(ta?.label ?? '1D'));
  const { token } = useSession();
  const ta2 = useTranslation('alerts').t;
  const [alertOpen, setAlertOpen] = useState(false);
  const first = ta?.market.signals[0];
  return (
    <article className="rounded-lg border border-border bg-surface p-3 sm:p-4" data-testid="signal-card" data-symbol={coin.symbol}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link to={`/${lang}/crypto/${coin.slug}`} className="flex min-w-0 items-center gap-2 hover:underline" aria-label={t('openCoin', { name: coinName(coin) })}>
          <CoinLogo src={coin.logo} symbol={coin.symbol} size={28} />
          <span className="truncate text-[15px] font-semibold">{coinName(coin)}</span>
          <span className="text-[12px] text-muted">{coin.symbol}</span>
        </Link>
        <span className="num text-[15px] font-semibold">{formatUsd(coin.lastPrice)}</span>
        <Change value={coin.priceChangePercent} pill />
        {ta && <DirectionVerdict ta={ta} showReason={false} />}
        <span className="num ml-auto text-[12px] text-muted" data-testid="coin-accuracy">
          {t('accuracy.coin')}: {accuracyText(t, item.accuracy)}
        </span>
        {token && (
          <button type="button" onClick={() => setAlertOpen(true)} className="rounded-md border border-border px-2 py-0.5 text-[12px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500" data-testid="signal-alert-me">
            {ta2('alertMe')}
          </button>
        )}
      </header>
      <CreateAlertDialog
        open={alertOpen}
        onClose={() => setAlertOpen(false)}
        draft={{ coin: { slug: coin.slug, symbol: coin.symbol, name: coin.name }, kind: 'signal', signal: { label: first?.label ?? 'any', timeframe: tf, direction: first?.direction ?? 'neutral' } }}
      />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <TimeframeSelector options={options} value={tf} onChange={setTf} disabled={q.isFetching || options.length <= 1} />
        {spark.data && spark.data.points.length > 1 && (
          <span className="flex items-center gap-2 text-[11px] text-muted" aria-label={t('sparkline', { label: ta ? t(`timeframe.${ta.label}`) : '' })}>
            <Sparkline values={spark.data.points.map((p) => p.price)} width={140} height={30} />
          </span>
        )}
      </div>
      {ta && (
        <div className="mt-3 flex flex-col gap-3">
          <TaFacts ta={ta} price={coin.lastPrice} />
          <DirectionVerdict ta={ta} pill={false} />
          <div>
            <h3 className="mb-1 text-[11px] text-muted">{t('signalsFired')}</h3>
            <SignalChips ta={ta} />
          </div>
          <p className="text-[11px] text-muted">{t('updated', { time: formatDateTimeUtc(ta.candle_close_time, i18n.language).replace(/ UTC$/, '') })}</p>
        </div>
      )}
    </article>
  );
}
