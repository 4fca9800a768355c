import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SCREEN_FIELDS, SCREEN_PRESETS, type ScreenField, type ScreenInput, type ScreenResult } from '@coinlens/contracts/screener/screen';
import { Container } from '../../components/layout/PageShell';
import { ReplayBadge } from '../../components/ReplayBadge';
import { Panel } from '../../components/ui';
import { ApiError, errorKey } from '../../lib/api';
import { conditionOfPath, draftOf, newCondition, screenOf, type DraftCondition, type DraftKind, type DraftOp, type ScreenDraft } from './screen-draft';
import { SavedScreens } from './SavedScreens';
import { ScreenResults } from './ScreenResults';
import { useRunScreen, useSavedScreens, useScreenCatalogue } from './queries';

const input = 'h-9 rounded-md border border-border bg-surface px-2 text-[13px] text-fg focus-visible:outline-2 focus-visible:outline-primary-500';
const label = 'flex flex-col gap-1 text-[12px] text-muted';
const TRENDS = ['uptrend', 'downtrend', 'sideways', 'reversal'] as const;
const DIRECTIONS = ['bullish', 'bearish', 'neutral'] as const;

/** One condition row of the builder: its kind and the inputs of that kind, all labelled native controls. */
function ConditionRow({ c, n, onChange, onRemove, canRemove }: { c: DraftCondition; n: number; onChange: (c: DraftCondition) => void; onRemove: () => void; canRemove: boolean }) {
  const { t, i18n } = useTranslation('screener');
  const patterns = useScreenCatalogue().data?.patterns ?? [];
  const zh = i18n.language.startsWith('zh');
  const set = (p: Partial<DraftCondition>) => onChange({ ...c, ...p });
  const id = `cond-${c.key}`;
  const fieldSelect = (value: ScreenField, onPick: (f: ScreenField) => void, lbl: string, testId: string) => (
    <label className={label}>
      <span>{lbl}</span>
      <select className={input} value={value} onChange={(e) => onPick(e.target.value as ScreenField)} data-testid={testId}>
        {SCREEN_FIELDS.map((f) => <option key={f} value={f}>{t(`fields.${f}`)}</option>)}
      </select>
    </label>
  );
  const toggle = <T extends string>(list: readonly T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  return (
    <fieldset className="rounded-md border border-border p-3" data-testid="screen-condition" aria-labelledby={`${id}-legend`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <span id={`${id}-legend`} className="text-[13px] font-medium text-fg">{t('builder.condition', { n })}</span>
        {canRemove && (
          <button type="button" className="rounded px-2 py-0.5 text-[12px] text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary-500" onClick={onRemove} aria-label={t('builder.remove', { n })}>
            ✕
          </button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <label className={label}>
          <span>{t('builder.kind')}</span>
          <select className={input} value={c.kind} onChange={(e) => set({ kind: e.target.value as DraftKind })} data-testid="condition-kind">
            {(['value', 'compare', 'trend', 'direction', 'signal'] as const).map((k) => <option key={k} value={k}>{t(`kinds.${k}`)}</option>)}
          </select>
        </label>
        {(c.kind === 'value' || c.kind === 'compare') && (
          <>
            {fieldSelect(c.field, (field) => set({ field }), t('builder.field'), 'condition-field')}
            <label className={label}>
              <span>{t('builder.op')}</span>
              <select className={input} value={c.op} onChange={(e) => set({ op: e.target.value as DraftOp })} data-testid="condition-op">
                {(c.kind === 'value' ? (['lt', 'lte', 'gt', 'gte', 'between'] as const) : (['lt', 'lte', 'gt', 'gte'] as const)).map((o) => <option key={o} value={o}>{t(`ops.${o}`)}</option>)}
              </select>
            </label>
            {c.kind === 'value' ? (
              <div className="flex gap-2">
                <label className={`${label} flex-1`}>
                  <span>{t('builder.value')}</span>
                  <input className={input} inputMode="decimal" value={c.value} onChange={(e) => set({ value: e.target.value })} data-testid="condition-value" />
                </label>
                {c.op === 'between' && (
                  <label className={`${label} flex-1`}>
                    <span>{t('builder.max')}</span>
                    <input className={input} inputMode="decimal" value={c.max} onChange={(e) => set({ max: e.target.value })} data-testid="condition-max" />
                  </label>
                )}
              </div>
            ) : (
              fieldSelect(c.other, (other) => set({ other }), t('builder.other'), 'condition-other')
            )}
          </>
        )}
        {(c.kind === 'trend' || c.kind === 'direction') && (
          <div role="group" aria-label={t(c.kind === 'trend' ? 'builder.trend' : 'builder.direction')} className="flex flex-wrap items-end gap-3 sm:col-span-1 lg:col-span-3">
            {(c.kind === 'trend' ? TRENDS : DIRECTIONS).map((v) => (
              <label key={v} className="flex h-9 items-center gap-1.5 text-[13px] text-fg">
                <input
                  type="checkbox"
                  checked={c.kind === 'trend' ? c.trends.includes(v as (typeof TRENDS)[number]) : c.directions.includes(v as (typeof DIRECTIONS)[number])}
                  onChange={() => (c.kind === 'trend' ? set({ trends: toggle(c.trends, v as (typeof TRENDS)[number]) }) : set({ directions: toggle(c.directions, v as (typeof DIRECTIONS)[number]) }))}
                />
                {t(c.kind === 'trend' ? `trends.${v}` : `directions.${v}`)}
              </label>
            ))}
          </div>
        )}
        {c.kind === 'signal' && (
          <>
            <label className={label}>
              <span>{t('builder.pattern')}</span>
              <select className={input} value={c.pattern} onChange={(e) => set({ pattern: e.target.value })} data-testid="condition-pattern">
                <option value="any">{t('builder.anyPattern')}</option>
                {patterns.map((p) => <option key={p.label} value={p.label}>{zh ? p.name.zh : p.name.en}</option>)}
              </select>
            </label>
            <label className={label}>
              <span>{t('builder.signalDirection')}</span>
              <select className={input} value={c.signalDirection} onChange={(e) => set({ signalDirection: e.target.value as DraftCondition['signalDirection'] })} data-testid="condition-signal-direction">
                {(['bullish', 'bearish', 'any'] as const).map((d) => <option key={d} value={d}>{t(`directions.${d}`)}</option>)}
              </select>
            </label>
            <label className="flex h-9 items-center gap-1.5 self-end text-[13px] text-fg">
              <input type="checkbox" checked={c.edgeOnly} onChange={(e) => set({ edgeOnly: e.target.checked })} aria-describedby={`${id}-edge`} data-testid="condition-edge" />
              {t('builder.edgeOnly')}
            </label>
            <p id={`${id}-edge`} className="text-[12px] text-muted sm:col-span-2 lg:col-span-4">{t('builder.edgeHelp')}</p>
          </>
        )}
      </div>
    </fieldset>
  );
}

/** The messages of a failed run: each failing condition of a 400 (translated), else the error's own message. */
function errorLines(err: unknown, t: (k: string, o?: Record<string, unknown>) => string): string[] {
  if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && err.fields?.length) {
    const lines = err.fields.map((f) => conditionOfPath(f.path)).filter((x): x is { n: number; what: string } => !!x).map((x) => t('screener:builder.fieldError', { n: x.n, what: x.what === 'pattern' ? t('screener:builder.pattern') : x.what }));
    return [t('errors:VALIDATION_FAILED'), ...lines];
  }
  return [t(errorKey(err))];
}

/**
 * Route `screener`: build a screen from presets or conditions (figure vs number or another figure,
 * trend, direction, signal with a measurable edge) on 5m, 1h or 1d analyses, combined with AND/OR;
 * run it over every listed coin; sort the hits by any figure they show; save screens and arm the
 * alert for coins entering them (signed in). `?screen=<id>` (the Alerts page's edit link of a
 * screen alert) opens that saved screen instead of the first preset.
 */
export default function ScreenerPage() {
  const { t } = useTranslation('screener');
  const [draft, setDraft] = useState<ScreenDraft>(() => draftOf(SCREEN_PRESETS[0].screen));
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<ScreenResult | null>(null);
  const run = useRunScreen();
  const started = useRef(false);

  const go = (d: ScreenDraft) => {
    const s = screenOf(d);
    if (!s.screen) return setProblems(s.problems.map((p) => t(p.key, { n: p.n })));
    setProblems([]);
    run.mutate(s.screen, { onSuccess: setResult, onError: (e) => setProblems(errorLines(e, t)) });
  };
  const [params] = useSearchParams();
  const wanted = Number(params.get('screen')) || null;
  const saved = useSavedScreens();
  useEffect(() => {
    if (started.current) return;
    // a saved screen asked for by the link: run it once the saved screens are known (signed out: the preset)
    if (wanted && saved.fetchStatus === 'fetching' && !saved.data) return;
    started.current = true;
    const asked = wanted ? saved.data?.screens.find((x) => x.id === wanted) : undefined;
    if (asked) load(asked.screen);
    else go(draft);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const load = (s: ScreenInput) => {
    const d = draftOf(s);
    setDraft(d);
    go(d);
  };
  const onSort = (field: ScreenField) => {
    const cur = draft.sort;
    const order: 'asc' | 'desc' = cur?.field === field ? (cur.order === 'asc' ? 'desc' : 'asc') : 'desc';
    const d = { ...draft, sort: { field, order } };
    setDraft(d);
    go(d);
  };
  const setCond = (i: number, c: DraftCondition) => setDraft({ ...draft, conditions: draft.conditions.map((x, j) => (j === i ? c : x)) });

  return (
    <Container className="space-y-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold sm:text-2xl">{t('title')}</h1>
        <ReplayBadge />
      </div>
      <p className="max-w-3xl text-[13px] text-muted">{t('intro')}</p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="min-w-0 space-y-4">
          <Panel title={t('builder.title')}>
            <form onSubmit={submit} className="space-y-3 p-4" noValidate data-testid="screen-builder">
              <div role="group" aria-label={t('builder.presets')} className="flex flex-wrap gap-1.5">
                {SCREEN_PRESETS.map((p) => (
                  <button key={p.key} type="button" className="rounded-full border border-border px-3 py-1 text-[12px] hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500" onClick={() => load(p.screen)} data-testid={`preset-${p.key}`}>
                    {t(`presets.${p.key}`)}
                  </button>
                ))}
              </div>
              <div className="grid grid-cols-2 gap-2 sm:max-w-md">
                <label className={label}>
                  <span>{t('builder.timeframe')}</span>
                  <select className={input} value={draft.timeframe} onChange={(e) => setDraft({ ...draft, timeframe: e.target.value as ScreenDraft['timeframe'] })} data-testid="screen-timeframe" disabled={!!draft.locked}>
                    {(['5m', '1h', '1d'] as const).map((tf) => <option key={tf} value={tf}>{tf}</option>)}
                  </select>
                </label>
                <label className={label}>
                  <span>{t('builder.match')}</span>
                  <select className={input} value={draft.match} onChange={(e) => setDraft({ ...draft, match: e.target.value as 'all' | 'any' })} data-testid="screen-match" disabled={!!draft.locked}>
                    <option value="all">{t('builder.matchAll')}</option>
                    <option value="any">{t('builder.matchAny')}</option>
                  </select>
                </label>
              </div>
              <div className="space-y-2">
                {draft.conditions.map((c, i) => (
                  <ConditionRow key={c.key} c={c} n={i + 1} canRemove={draft.conditions.length > 1} onChange={(x) => setCond(i, x)} onRemove={() => setDraft({ ...draft, conditions: draft.conditions.filter((_, j) => j !== i) })} />
                ))}
              </div>
              {problems.length > 0 && (
                <div role="alert" className="rounded-md border border-down/40 bg-down-soft px-3 py-2 text-[13px] text-down" data-testid="screen-problems">
                  {problems.map((p, i) => <p key={i}>{p}</p>)}
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                {!draft.locked && draft.conditions.length < 12 && (
                  <button type="button" className="h-9 rounded-md border border-border px-3 text-[13px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500" onClick={() => setDraft({ ...draft, conditions: [...draft.conditions, newCondition()] })} data-testid="condition-add">
                    {t('builder.add')}
                  </button>
                )}
                <button type="submit" className="h-9 rounded-md bg-primary-600 px-4 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50" disabled={run.isPending} data-testid="screen-run">
                  {run.isPending ? t('builder.running') : t('builder.run')}
                </button>
              </div>
            </form>
          </Panel>
          <Panel title={t('results.title')}>
            <ScreenResults result={result} loading={run.isPending} sort={draft.sort} onSort={onSort} />
          </Panel>
        </div>
        <Panel title={t('saved.title')} as="aside">
          <SavedScreens current={() => screenOf(draft).screen} onLoad={(s) => load(s.screen)} />
        </Panel>
      </div>
    </Container>
  );
}
