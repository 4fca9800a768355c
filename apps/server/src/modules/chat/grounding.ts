import { expandSubscriptZeros } from '@coinlens/contracts';
import { fmtAbsPct, fmtNum1, fmtPct, fmtPrice, fmtProb, fmtRatio } from '../ai/format';

/**
 * Constants of the rules and labels that may appear in texts: 0.5 × ATR, RSI 14, 5m/1h/1d, 7 days,
 * 24 hours, the minimum reward/risk 1.5, 95 % intervals, the 10th–90th percentiles, and the
 * parameters and usual thresholds of the indicators explained (RSI 30/70, ADX 25, stochastic and
 * MFI 20/80, EMA 12/20/26/50/200, MACD signal 9, Bollinger 20 and 2 deviations, scale 0–100).
 */
export const RULE_CONSTANTS = ['0.5', '0.25', '14', '1', '5', '7', '24', '1.5', '95', '10', '90', '30', '70', '25', '20', '80', '12', '26', '50', '200', '9', '2', '0', '100'];

/**
 * A written number: digits with "," groups and decimals, or a price below 1 in subscript-zero
 * notation ("0.0₄1302", formatPrice of @coinlens/contracts), read as one number, not as "0.0" and "1302".
 */
const TOKEN = /\d[\d,]*(?:\.\d*[₀-₉]+\d+|\.\d+)?/g;

/** The comparable form of a written number: subscript zeros expanded ("0.0₄1302" → "0.00001302"). */
const canonical = (s: string) => expandSubscriptZeros(s);

/**
 * Every rendering the built-in analyst may give to a value of `facts` (prices, percents,
 * probabilities, counts, date parts of times, digits inside fact strings such as news ids).
 */
export function allowedNumbers(facts: unknown): Set<string> {
  const out = new Set<string>(RULE_CONSTANTS);
  const add = (s: string) => out.add(canonical(s.replace(/^[+-]/, '').replace(/%$/, '')));
  const walk = (v: unknown) => {
    if (typeof v === 'number' && Number.isFinite(v)) {
      for (const s of [fmtPrice(v), fmtPct(v), fmtAbsPct(v), fmtProb(v), fmtNum1(v), fmtRatio(v), String(v), String(Math.round(v))]) add(s);
      if (v > 1e12) {
        const d = new Date(v);
        for (const n of [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]) {
          out.add(String(n));
          out.add(String(n).padStart(2, '0'));
        }
      }
      if (v >= 48 && v < 100_000) out.add(String(Math.round(v / 24))); // horizons shown in days
    } else if (typeof v === 'string') for (const m of v.match(TOKEN) ?? []) out.add(canonical(m));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(facts);
  return out;
}

/**
 * Number tokens of `text` that are not renderings of a fact (empty = fully grounded). A price in
 * subscript-zero notation is one token, grounded when its plain decimal form is a rendering of a
 * fact ("0.0₄1302" by a price of 0.0000130213, as "0.00001302" would be).
 */
export function ungroundedNumbers(text: string, facts: unknown): string[] {
  const ok = allowedNumbers(facts);
  return (text.match(TOKEN) ?? []).filter((t) => !ok.has(canonical(t.replace(/[.,]$/, ''))));
}
