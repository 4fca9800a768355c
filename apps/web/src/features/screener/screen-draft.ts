import type { ScreenField, ScreenInput, ScreenLeaf, ScreenTrend } from '@coinlens/contracts/screener/screen';

/** Kinds of condition the builder offers (a `between` is a value condition with the `between` comparison). */
export type DraftKind = 'value' | 'compare' | 'trend' | 'direction' | 'signal';
/** Comparisons of a value condition. */
export type DraftOp = 'lt' | 'lte' | 'gt' | 'gte' | 'between';

/** One condition as the builder edits it: numbers as typed text, every kind's fields kept so switching kinds loses nothing. */
export interface DraftCondition {
  key: number;
  kind: DraftKind;
  field: ScreenField;
  op: DraftOp;
  value: string;
  max: string;
  other: ScreenField;
  trends: ScreenTrend[];
  directions: ('bullish' | 'bearish' | 'neutral')[];
  pattern: string;
  signalDirection: 'bullish' | 'bearish' | 'any';
  edgeOnly: boolean;
}

/** A screen as the builder edits it; `locked` holds a screen with grouped conditions (made through the API), run as saved. */
export interface ScreenDraft {
  timeframe: '5m' | '1h' | '1d';
  match: 'all' | 'any';
  conditions: DraftCondition[];
  sort?: ScreenInput['sort'];
  locked?: ScreenInput;
}

let nextKey = 1;

/** A new condition (RSI 14 below 30 unless `over` says otherwise). */
export function newCondition(over: Partial<DraftCondition> = {}): DraftCondition {
  return { key: nextKey++, kind: 'value', field: 'rsi_14', op: 'lt', value: '30', max: '', other: 'ema_50', trends: ['uptrend'], directions: ['bullish'], pattern: 'any', signalDirection: 'bullish', edgeOnly: true, ...over };
}

/** The builder's draft of a screen (one with groups is kept whole, as `locked`). */
export function draftOf(s: ScreenInput): ScreenDraft {
  const base = { timeframe: s.timeframe, match: s.match ?? 'all', sort: s.sort };
  if (s.conditions.some((c) => c.type === 'group')) return { ...base, conditions: [], locked: s };
  const conditions = (s.conditions as ScreenLeaf[]).map((c): DraftCondition => {
    switch (c.type) {
      case 'value':
        return newCondition({ kind: 'value', field: c.field, op: c.op, value: String(c.value) });
      case 'between':
        return newCondition({ kind: 'value', field: c.field, op: 'between', value: String(c.min), max: String(c.max) });
      case 'compare':
        return newCondition({ kind: 'compare', field: c.field, op: c.op, other: c.other });
      case 'trend':
        return newCondition({ kind: 'trend', trends: [...c.trends] });
      case 'direction':
        return newCondition({ kind: 'direction', directions: [...c.directions] });
      case 'signal':
        return newCondition({ kind: 'signal', pattern: c.pattern ?? 'any', signalDirection: c.direction ?? 'any', edgeOnly: c.edge_only ?? false });
    }
  });
  return { ...base, conditions };
}

/** A typed number, or null when the text is not one. */
const numberOf = (s: string): number | null => {
  const t = s.trim().replace(',', '.');
  if (!t || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

/** One problem of a draft: the condition's 1-based number and the message key (namespace `screener`). */
export interface DraftProblem {
  n: number;
  key: 'builder.invalidValue' | 'builder.invalidRange' | 'builder.needTrend';
}

/** The screen of a draft, or the problems that keep it from being one (checked before a request is sent). */
export function screenOf(d: ScreenDraft): { screen: ScreenInput; problems: [] } | { screen: null; problems: DraftProblem[] } {
  if (d.locked) return { screen: { ...d.locked, ...(d.sort ? { sort: d.sort } : {}) }, problems: [] };
  const problems: DraftProblem[] = [];
  const conditions: ScreenLeaf[] = [];
  d.conditions.forEach((c, i) => {
    const n = i + 1;
    if (c.kind === 'value') {
      const v = numberOf(c.value);
      if (v == null) return void problems.push({ n, key: 'builder.invalidValue' });
      if (c.op === 'between') {
        const m = numberOf(c.max);
        if (m == null) return void problems.push({ n, key: 'builder.invalidValue' });
        if (v > m) return void problems.push({ n, key: 'builder.invalidRange' });
        conditions.push({ type: 'between', field: c.field, min: v, max: m });
      } else conditions.push({ type: 'value', field: c.field, op: c.op, value: v });
    } else if (c.kind === 'compare') conditions.push({ type: 'compare', field: c.field, op: c.op === 'between' ? 'gt' : c.op, other: c.other });
    else if (c.kind === 'trend') {
      if (!c.trends.length) return void problems.push({ n, key: 'builder.needTrend' });
      conditions.push({ type: 'trend', trends: c.trends });
    } else if (c.kind === 'direction') {
      if (!c.directions.length) return void problems.push({ n, key: 'builder.needTrend' });
      conditions.push({ type: 'direction', directions: c.directions });
    } else conditions.push({ type: 'signal', pattern: c.pattern, direction: c.signalDirection, edge_only: c.edgeOnly });
  });
  if (problems.length) return { screen: null, problems };
  return { screen: { timeframe: d.timeframe, match: d.match, conditions, ...(d.sort ? { sort: d.sort } : {}) }, problems: [] };
}

/**
 * The condition number and the input a 400's field path names (`body.conditions.1.pattern` →
 * condition 2, `pattern`; `body.screen.conditions.0.value` → condition 1, `value`); null for
 * another path.
 */
export function conditionOfPath(path: string): { n: number; what: string } | null {
  const m = /conditions\.(\d+)(?:\.conditions\.\d+)?(?:\.([a-z_]+))?/.exec(path);
  return m ? { n: Number(m[1]) + 1, what: m[2] ?? 'type' } : null;
}
