import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CalibrationGroup, EvidenceOrigin, StrategyRecordRow } from '@coinlens/contracts';
import { TA_TIMEFRAMES, timeframeLabel } from '@coinlens/contracts/common/timeframe';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { errorKey } from '../../lib/api';
import { formatNumber, formatPercent } from '../../lib/format';
import { skillWithInterval } from './labels';
import { CoverageNote } from './CoverageNote';

/** A probability (0..1) as an unsigned percentage, e.g. 0.4 → "40%". */
const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${Math.round(x * 100)}%`);
/** Percentage points with a sign (U+2212 minus), two decimals: −1.10. */
const signedPp = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)}`;

/** Calibration figures (`GET /api/signals/calibration`). */
export function useCalibration(origin: EvidenceOrigin) {
  return useQuery({ queryKey: ['signals', 'calibration', origin], queryFn: ({ signal }) => api('getCalibration', { query: { origin } }, { signal }), refetchInterval: 5 * 60_000 });
}

/** Strategy track record (`GET /api/strategies/record`), optionally of one coin. */
export function useStrategyRecord(query: { coin?: string; origin?: EvidenceOrigin } = {}) {
  return useQuery({ queryKey: ['signals', 'strategy-record', query.coin ?? '', query.origin ?? 'all'], queryFn: ({ signal }) => api('getStrategyRecord', { query: { origin: query.origin ?? 'all', coin: query.coin } }, { signal }), refetchInterval: 5 * 60_000 });
}

/**
 * Reliability diagram: stated probability (x) against the observed frequency (y) per decile, the
 * diagonal = perfect calibration; each point sized by its n and labelled with it.
 */
/**
 * Where each point's n label goes (chart units): above its point, else below it when that would
 * overlap a label already placed, else nowhere (the point's tooltip still gives n). Labels are
 * about 6 units per digit wide and 9 high. `pts`: point centres and their n, in drawing order.
 */
export function placeCountLabels(pts: { x: number; y: number; n: number }[]): ({ x: number; y: number } | null)[] {
  const placed: { x: number; y: number; w: number }[] = [];
  const free = (x: number, y: number, w: number) => placed.every((q) => Math.abs(q.x - x) * 2 >= q.w + w + 2 || Math.abs(q.y - y) >= 10);
  return pts.map((p) => {
    const w = 5 * String(p.n).length;
    for (const y of [p.y - 8, p.y + 14]) {
      if (free(p.x, y, w)) {
        placed.push({ x: p.x, y, w });
        return { x: p.x, y };
      }
    }
    return null;
  });
}

export function ReliabilityChart({ group }: { group: CalibrationGroup }) {
  const { t } = useTranslation('signals');
  const W = 240;
  const P = 34;
  const S = W - 2 * P;
  const x = (v: number) => P + v * S;
  const y = (v: number) => W - P - v * S;
  const maxN = Math.max(1, ...group.bins.map((b) => b.n));
  const pts = group.bins.filter((b) => b.n > 0 && b.stated !== null && b.observed !== null);
  const labels = placeCountLabels(pts.map((b) => ({ x: x(b.stated!), y: y(b.observed!), n: b.n })));
  return (
    <svg viewBox={`0 0 ${W} ${W}`} className="h-auto w-full max-w-[260px]" role="img" aria-label={t('calibration.chartLabel', { kind: t(`calibration.kind.${group.kind}`), timeframe: timeframeLabel(group.timeframe) })} data-testid="reliability-chart">
      <rect x={P} y={P} width={S} height={S} className="fill-transparent stroke-current text-border" />
      {[0.25, 0.5, 0.75].map((v) => (
        <g key={v} className="stroke-current text-border" strokeDasharray="2 3">
          <line x1={x(v)} y1={y(0)} x2={x(v)} y2={y(1)} />
          <line x1={x(0)} y1={y(v)} x2={x(1)} y2={y(v)} />
        </g>
      ))}
      <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} className="stroke-current text-muted" strokeDasharray="4 3" />
      <polyline points={pts.map((b) => `${x(b.stated!)},${y(b.observed!)}`).join(' ')} className="fill-none stroke-current text-primary-600" strokeWidth={1.5} />
      {pts.map((b, i) => (
        <g key={b.lo}>
          {b.observed_lo !== null && b.observed_hi !== null && (
            <line x1={x(b.stated!)} x2={x(b.stated!)} y1={y(b.observed_lo)} y2={y(b.observed_hi)} className="stroke-current text-primary-600" strokeOpacity={0.5} strokeWidth={1} data-testid="reliability-interval" />
          )}
          <circle cx={x(b.stated!)} cy={y(b.observed!)} r={2.5 + 4.5 * Math.sqrt(b.n / maxN)} className="fill-current text-primary-600" fillOpacity={0.75}>
            <title>{t('calibration.binTitle', { lo: Math.round(b.lo * 100), hi: Math.round(b.hi * 100), observed: pct(b.observed), olo: pct(b.observed_lo), ohi: pct(b.observed_hi), count: b.n, eff: b.n_eff })}</title>
          </circle>
          {labels[i] && (
            <text x={labels[i]!.x} y={labels[i]!.y} textAnchor="middle" className="fill-current text-muted" fontSize={8} data-testid="reliability-count">
              {b.n}
            </text>
          )}
        </g>
      ))}
      {[0, 0.5, 1].map((v) => (
        <g key={v} className="fill-current text-muted" fontSize={9}>
          <text x={x(v)} y={W - P + 12} textAnchor="middle">{`${v * 100}%`}</text>
          <text x={P - 4} y={y(v) + 3} textAnchor="end">{`${v * 100}%`}</text>
        </g>
      ))}
      <text x={W / 2} y={W - 4} textAnchor="middle" className="fill-current text-muted" fontSize={9}>{t('calibration.axisStated')}</text>
      <text x={8} y={W / 2} textAnchor="middle" transform={`rotate(-90 8 ${W / 2})`} className="fill-current text-muted" fontSize={9}>{t('calibration.axisObserved')}</text>
    </svg>
  );
}

/** The Brier skill verdict of a group in words: skill, no skill over the base rate (x % happen anyway), worse, or too few episodes. */
export function skillVerdictText(t: (k: string, o?: Record<string, unknown>) => string, g: Pick<CalibrationGroup, 'kind' | 'skill_verdict' | 'base_rate'>): string {
  return g.skill_verdict === null ? t('calibration.skillVerdict.unknown') : t(`calibration.skillVerdict.${g.skill_verdict}`, { base: pct(g.base_rate), event: t(`calibration.event.${g.kind}`) });
}

function GroupCard({ g }: { g: CalibrationGroup }) {
  const { t } = useTranslation('signals');
  const skillClass = g.skill_verdict === 'skill' ? 'text-up' : g.skill_verdict === 'worse' ? 'text-down' : 'text-muted';
  return (
    <div className="rounded-lg border border-border p-3" data-testid="calibration-group" data-kind={g.kind} data-timeframe={g.timeframe} data-skill={g.skill_verdict ?? 'unknown'}>
      <h3 className="text-[13px] font-semibold">
        {t(`calibration.kind.${g.kind}`)} · {timeframeLabel(g.timeframe)}
      </h3>
      {g.n === 0 ? (
        <p className="mt-2 text-[12px] text-muted">{t('calibration.noneResolved', { count: g.pending })}</p>
      ) : (
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <ReliabilityChart group={g} />
          <div className="min-w-0 flex-1 text-[12px]">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
              <dt className="text-muted">{t('calibration.n')}</dt>
              <dd className="num" data-testid="calibration-n">{formatNumber(g.n)}</dd>
              <dt className="text-muted" title={t('calibration.episodesHelp')}>{t('calibration.episodes')}</dt>
              <dd className="num" data-testid="calibration-n-eff">{formatNumber(g.n_eff)}</dd>
              <dt className="text-muted">{t('calibration.inSample')}</dt>
              <dd className="num">{formatNumber(g.n_backfill)}</dd>
              <dt className="text-muted">{t('calibration.brier')}</dt>
              <dd className="num">{g.brier?.toFixed(3) ?? '—'}</dd>
              <dt className="text-muted">{t('calibration.brierRef')}</dt>
              <dd className="num">{g.brier_ref?.toFixed(3) ?? '—'}</dd>
              <dt className="text-muted" title={t('calibration.skillHelp')}>{t('calibration.skill')}</dt>
              <dd className={`num font-semibold ${skillClass}`} data-testid="calibration-skill">{skillWithInterval(t, { value: g.skill, lo: g.skill_lo, hi: g.skill_hi })}</dd>
              <dt className="text-muted">{t('calibration.pending')}</dt>
              <dd className="num">{formatNumber(g.pending)}</dd>
            </dl>
            <p className={`mt-2 text-[12px] ${skillClass}`} data-testid="calibration-skill-verdict">{skillVerdictText(t, g)}</p>
          </div>
        </div>
      )}
      {g.n > 0 && <ScaleTable g={g} />}
    </div>
  );
}

/**
 * The calibrated verbal scale of a kind × timeframe: each label, the stated range that earns it,
 * what that range delivered (observed rate with its 95 % interval over episodes), n and the
 * episodes; or, while not yet calibrated, the fixed ranges with what followed them. Above it, which
 * forecasts the labels served beside the probabilities rest on: live, or the backfill until enough
 * live forecasts are resolved.
 */
export function ScaleTable({ g }: { g: CalibrationGroup }) {
  const { t } = useTranslation('signals');
  const calibrated = g.scale_status === 'calibrated';
  return (
    <div className="mt-3" data-testid="calibration-scale" data-status={g.scale_status}>
      <h4 className="flex flex-wrap items-center gap-2 text-[12px] font-semibold">
        {t('calibration.scale.title')}
        <span className={`rounded px-1.5 py-0.5 text-[10px] font-medium ${calibrated ? 'bg-up-soft text-up' : 'bg-surface-2 text-muted'}`} data-testid="calibration-scale-status">
          {t(calibrated ? 'calibration.scale.badgeCalibrated' : 'calibration.scale.badgeNotCalibrated')}
        </span>
      </h4>
      <p className="mt-1 text-[11px] text-muted">{calibrated ? t('calibration.scale.calibrated', { block: g.min_block }) : t('calibration.scale.notCalibrated', { total: formatNumber(g.min_total) })}</p>
      <p className="mt-1 text-[11px] text-muted" data-testid="calibration-scale-source" data-source={g.scale_source}>
        {t(`calibration.scale.source.${g.scale_source}`, { n: formatNumber(g.n_live), eff: formatNumber(g.n_eff_live), total: formatNumber(g.min_total), episodes: formatNumber(g.min_live_episodes) })}
      </p>
      <table className="mt-1 w-full text-[11px]">
        <thead>
          <tr className="text-muted">
            <th scope="col" className="py-0.5 pr-1 text-left font-medium">{t('calibration.label')}</th>
            <th scope="col" className="py-0.5 px-1 text-right font-medium">{t('calibration.scale.statedRange')}</th>
            <th scope="col" className="py-0.5 px-1 text-right font-medium">{t('calibration.scale.observedRate')}</th>
            <th scope="col" className="py-0.5 px-1 text-right font-medium">n</th>
            <th scope="col" className="py-0.5 pl-1 text-right font-medium" title={t('calibration.episodesHelp')}>{t('calibration.scale.episodes')}</th>
          </tr>
        </thead>
        <tbody>
          {g.wording.map((w) => (
            <tr key={w.wording} className="border-t border-border" data-testid="scale-row" data-wording={w.wording}>
              <th scope="row" className="py-0.5 pr-1 text-left font-normal">{t(`calibration.wording.${w.wording}`)}</th>
              <td className="num py-0.5 px-1 text-right">{w.stated_lo === null || w.stated_hi === null ? <span className="text-muted">{t('calibration.scale.none')}</span> : `${pct(w.stated_lo)}–${pct(w.stated_hi)}`}</td>
              <td className="num py-0.5 px-1 text-right">{w.n ? `${pct(w.observed)} (${pct(w.observed_lo)}–${pct(w.observed_hi)})` : '—'}</td>
              <td className="num py-0.5 px-1 text-right">{formatNumber(w.n)}</td>
              <td className="num py-0.5 pl-1 text-right">{formatNumber(w.n_eff)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An author's strategy record on one timeframe with out-of-sample (live) and in-sample (start-up
 * backfill) apart, each with n and its episodes (the effective n) and, when bounded, the mean excess
 * over holding with its 95 % interval over episodes, e.g. "Built-in analyst, 7D: out-of-sample 3 of 9
 * reached target first, mean −0.2 % after fees vs hold +0.4 % (n = 9 in 4 episodes); in-sample
 * backfill 40 of 112, … (n = 112 in 21 episodes; vs hold −0.6 pp, 95 % −1.2 to 0.1 over episodes)".
 */
export function strategyRecordSplitLine(t: (k: string, o?: Record<string, unknown>) => string, live: StrategyRecordRow | undefined, backfill: StrategyRecordRow | undefined, author: string, timeframe: string): string {
  const who = author === 'builtin' ? t('calibration.builtin') : author;
  const part = (row: StrategyRecordRow | undefined, k: 'out' | 'in') =>
    !row || row.n === 0
      ? t(`calibration.recordPart.${k}None`)
      : t(`calibration.recordPart.${k}`, {
          hits: row.target_first,
          count: row.n,
          episodes: row.n_eff,
          ret: formatPercent(row.mean_return_pct, 1),
          hold: formatPercent(row.mean_hold_pct, 1),
          // the mean excess over holding with its interval over episodes, when one is bounded
          excess:
            row.excess_pct != null && row.excess_lo != null && row.excess_hi != null
              ? t('calibration.recordPart.excess', { excess: formatNumber(row.excess_pct, 1), lo: formatNumber(row.excess_lo, 1), hi: formatNumber(row.excess_hi, 1) })
              : '',
        });
  return t('calibration.recordSplit', { who, timeframe: timeframeLabel(timeframe), out: part(live, 'out'), in: part(backfill, 'in') });
}

function StrategyRecordPanel() {
  const { t } = useTranslation('signals');
  const q = useStrategyRecord();
  const rows = q.data?.rows.filter((r) => r.coin === null) ?? [];
  return (
    <Panel title={t('calibration.strategiesTitle')} className="mt-4">
      <div className="px-3 pb-3">
      <p className="mb-2 text-[12px] text-muted">{t('calibration.strategiesNote', { fee: q.data ? formatNumber(q.data.fee_pct, 2) : '0.10' })} {t('calibration.strategyEpisodesHelp')}</p>
      {q.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : q.isError ? (
        <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('calibration.strategiesEmpty')} testId="strategy-record-empty" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-[12px]" data-testid="strategy-record-table">
            <thead>
              <tr className="text-[11px] text-muted">
                <th className="px-2 py-1.5 text-left font-medium">{t('calibration.author')}</th>
                <th className="px-2 py-1.5 text-left font-medium">{t('calibration.timeframe')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.scored')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.entered')}</th>
                <th className="px-2 py-1.5 text-right font-medium" title={t('calibration.strategyEpisodesHelp')}>{t('calibration.scale.episodes')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.targetFirst')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.meanReturn')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.meanHold')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.excess')}</th>
                <th className="px-2 py-1.5 text-right font-medium">{t('calibration.pending')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.author}:${r.timeframe}`} className="border-t border-border">
                  <td className="px-2 py-1.5 whitespace-nowrap">{r.author === 'builtin' ? t('calibration.builtin') : r.author}</td>
                  <td className="px-2 py-1.5">{timeframeLabel(r.timeframe)}</td>
                  <td className="num px-2 py-1.5 text-right">{formatNumber(r.n)}{r.n_backfill ? ` (${t('calibration.inSampleShort', { count: r.n_backfill })})` : ''}</td>
                  <td className="num px-2 py-1.5 text-right">{formatNumber(r.entered)}</td>
                  <td className="num px-2 py-1.5 text-right" data-testid="strategy-episodes">{formatNumber(r.n_eff)}</td>
                  <td className="num px-2 py-1.5 text-right whitespace-nowrap" data-testid="strategy-target-first">
                    {formatNumber(r.target_first)}
                    {r.n > 0 && ` · ${pct(r.target_first / r.n)}`}
                    {r.target_first_lo !== null && r.target_first_hi !== null && <span className="text-muted"> ({pct(r.target_first_lo)}–{pct(r.target_first_hi)})</span>}
                  </td>
                  <td className={`num px-2 py-1.5 text-right ${(r.mean_return_pct ?? 0) >= 0 ? 'text-up' : 'text-down'}`}>{formatPercent(r.mean_return_pct, 2)}</td>
                  <td className="num px-2 py-1.5 text-right">{formatPercent(r.mean_hold_pct, 2)}</td>
                  <td className="num px-2 py-1.5 text-right whitespace-nowrap" data-testid="strategy-excess">
                    {r.excess_pct === null ? '—' : t('calibration.pp', { v: signedPp(r.excess_pct) })}
                    {r.excess_lo !== null && r.excess_hi !== null ? (
                      <span className="text-muted"> ({signedPp(r.excess_lo)} … {signedPp(r.excess_hi)})</span>
                    ) : r.excess_pct !== null && <span className="text-muted" title={t('calibration.unboundedHelp')}> ({t('calibration.unbounded')})</span>}
                  </td>
                  <td className="num px-2 py-1.5 text-right">{formatNumber(r.pending)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      </div>
    </Panel>
  );
}

/** The Calibration tab of the signals page: reliability of the stated probabilities, then the strategy record. */
export function CalibrationView() {
  const { t } = useTranslation('signals');
  const [origin, setOrigin] = useState<EvidenceOrigin>('all');
  const q = useCalibration(origin);
  const groups = q.data?.groups ?? [];
  const empty = q.isSuccess && groups.every((g) => g.n === 0 && g.pending === 0);
  return (
    <div data-testid="calibration-view">
      <Panel
        title={t('calibration.title')}
        actions={
          <label className="flex items-center gap-1 text-[12px] text-muted">
            {t('calibration.origin')}
            <select value={origin} onChange={(e) => setOrigin(e.target.value as EvidenceOrigin)} className="rounded border border-border bg-surface px-1.5 py-1 text-fg" data-testid="calibration-origin">
              {(['all', 'live', 'backfill'] as const).map((o) => (
                <option key={o} value={o}>{t(`calibration.originOption.${o}`)}</option>
              ))}
            </select>
          </label>
        }
      >
        <div className="px-3 pb-3">
        <p className="mb-3 text-[12px] text-muted">{t('calibration.intro')}</p>
        <div className="mb-3"><CoverageNote /></div>
        {q.isPending ? (
          <div className="grid gap-3 md:grid-cols-2" aria-busy="true">
            {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-56 w-full" />)}
          </div>
        ) : q.isError ? (
          <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
        ) : empty ? (
          <EmptyState title={t('calibration.empty')} body={t('calibration.emptyBody')} testId="calibration-empty" />
        ) : (
          <div className="grid gap-3 md:grid-cols-2">
            {TA_TIMEFRAMES.flatMap((tf) => groups.filter((g) => g.timeframe === tf)).map((g) => <GroupCard key={`${g.kind}:${g.timeframe}`} g={g} />)}
          </div>
        )}
        </div>
      </Panel>
      <StrategyRecordPanel />
    </div>
  );
}
