/**
 * Direction per coin: a headline about several coins gives each its own direction ("Bitcoin Clinches
 * Fifth Consecutive Net Institutional Inflow, Solana Fund Dips": BTC bullish, SOL bearish).
 *
 * Method (deterministic, English and Chinese):
 *  1. The headline is split into clauses at clause breaks (" as ", " while ", " amid ", " but ",
 *     " whereas ", ";", ":", "|", dashes, commas; Chinese ，；：｜). Pieces that are only a list of coin
 *     names ("Dogecoin, Cardano and Solana Slump" → "Dogecoin" + …) join the next piece, and so does a
 *     piece ending in a coin name when the next starts with one.
 *  2. Each coin goes with the clauses that name it. When every coin sits in the same clauses, all take
 *     the headline's label; otherwise each coin takes the label of its own clauses, classified alone
 *     by the same model.
 *  3. A coin named only after a comparison word in its clause ("Ethereum Outpaces Bitcoin",
 *     "More Ethereum Than Bitcoin", 跑赢比特币) is the yardstick, not the subject: neutral.
 * Measured on packages/nlp/fixtures/multi-coin-directions.json (see the test).
 */
import { classifySentiment, getSentimentModel, type SentimentResult } from './classify.js';
import type { SentimentLabel, SentimentModel } from './model.js';

/** A coin named in the headline: its symbol and the surface strings that name it (from tagCoins). */
export interface NamedCoin {
  symbol: string;
  matches: readonly string[];
}

/** Direction of one coin. `basis`: 'headline' (the whole headline), 'clause' (its own clause), 'comparison' (a yardstick: neutral). */
export interface CoinDirection {
  symbol: string;
  label: SentimentLabel;
  basis: 'headline' | 'clause' | 'comparison';
}

const BREAK_EN = /\s+(?:as|while|whereas|but|amid|amidst|even as|yet)\s+|\s*[;|]\s*|\s*:\s+|\s+[–—-]\s+|\s*—\s*|,\s+/gi;
const BREAK_ZH = /[，；：｜|]|\s+[–—-]\s+/g;
const COMPARE = /\b(?:outpac\w*|outperform\w*|outshin\w*|surpass\w*|beat(?:s|ing)?|overtak\w*|flipp?(?:s|ed|ing)?|than|over|ahead of|rivals?|vs\.?|versus|against|eclips\w*|dethron\w*|lead(?:s|ing)?|second only to|gains? on)\b|跑赢|超越|超过|领先|胜过|碾压|相比|对比/gi;
const CJK = /[\u3400-\u9fff]/;

interface Mention {
  symbol: string;
  start: number;
  end: number;
}

function mentionsOf(text: string, coins: readonly NamedCoin[]): Mention[] {
  const out: Mention[] = [];
  for (const c of coins) {
    for (const m of new Set(c.matches)) {
      if (!m) continue;
      const re = new RegExp(CJK.test(m) ? m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?<![A-Za-z0-9])${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`, 'g');
      for (let x = re.exec(text); x; x = re.exec(text)) out.push({ symbol: c.symbol, start: x.index, end: x.index + x[0].length });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Clause spans [start, end) of `text` after the joining rules of step 1. */
export function clauseSpans(text: string, coins: readonly NamedCoin[]): [number, number][] {
  const re = CJK.test(text) ? BREAK_ZH : BREAK_EN;
  const spans: [number, number][] = [];
  let at = 0;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) spans.push([at, m.index]);
    at = m.index + m[0].length;
  }
  if (at < text.length) spans.push([at, text.length]);
  const mentions = mentionsOf(text, coins);
  const inSpan = (s: [number, number]) => mentions.filter((m) => m.start >= s[0] && m.end <= s[1]);
  const listOnly = (s: [number, number]) => {
    let rest = text.slice(s[0], s[1]);
    for (const m of inSpan(s).reverse()) rest = rest.slice(0, m.start - s[0]) + rest.slice(m.end - s[0]);
    return inSpan(s).length > 0 && /^[\s()（）$&、,]*(?:(?:and|or|&|和|与|及)[\s()（）$&、,]*)*$/i.test(rest);
  };
  const endsWithCoin = (s: [number, number]) => inSpan(s).some((m) => /^[\s)）]*$/.test(text.slice(m.end, s[1])));
  const startsWithCoin = (s: [number, number]) => inSpan(s).some((m) => /^[\s(（$]*$/.test(text.slice(s[0], m.start)));
  const out: [number, number][] = [];
  for (let i = 0; i < spans.length; i++) {
    let cur = spans[i];
    while (i + 1 < spans.length && (listOnly(cur) || (endsWithCoin(cur) && startsWithCoin(spans[i + 1])))) cur = [cur[0], spans[++i][1]];
    out.push(cur);
  }
  return out;
}

/**
 * Rule-mixing scale for a clause (a fragment such as "Amid Bitcoin Spot ETF Outflows"): a strong
 * crypto rule that fires in it decides (weight 0.48 × 2), a weak one weighs 0.5. A fragment lacks the
 * context the model learnt from whole headlines, so its cue word is the better evidence.
 */
export const CLAUSE_RULE_SCALE = 2;

/** True when every mention of `symbol` in the clause comes after a comparison word of that clause. */
function isYardstick(clause: string, offset: number, mentions: readonly Mention[], symbol: string): boolean {
  const mine = mentions.filter((m) => m.symbol === symbol);
  if (!mine.length) return false;
  COMPARE.lastIndex = 0;
  const first = COMPARE.exec(clause);
  if (!first) return false;
  const at = offset + first.index;
  return mine.every((m) => m.start > at);
}

/**
 * Direction of each coin in `coins` (named in `text`, usually a headline) per the method in the file
 * header. `headline`: the headline's own classification when the caller already has it. Coins whose
 * matches are not found in `text` (tagged from a summary, say) take the headline's label.
 * Never throws for any string.
 */
export function directionsByCoin(text: string, coins: readonly NamedCoin[], opts: { headline?: SentimentResult; model?: SentimentModel } = {}): CoinDirection[] {
  const model = opts.model ?? getSentimentModel();
  const headline = opts.headline ?? classifySentiment(text, model);
  if (coins.length < 2) return coins.map((c) => ({ symbol: c.symbol, label: headline.label, basis: 'headline' }));
  const spans = clauseSpans(text, coins);
  const mentions = mentionsOf(text, coins);
  const clausesOf = new Map<string, number[]>();
  for (const c of coins) {
    const idx = spans.flatMap((s, i) => (mentions.some((m) => m.symbol === c.symbol && m.start >= s[0] && m.end <= s[1]) ? [i] : []));
    clausesOf.set(c.symbol, idx);
  }
  const keys = new Set([...clausesOf.values()].filter((v) => v.length).map((v) => v.join(',')));
  const oneClause = keys.size <= 1;
  const cache = new Map<string, SentimentLabel>();
  return coins.map((c): CoinDirection => {
    const idx = clausesOf.get(c.symbol) ?? [];
    if (!idx.length) return { symbol: c.symbol, label: headline.label, basis: 'headline' };
    const yardstick = idx.every((i) => isYardstick(text.slice(spans[i][0], spans[i][1]), spans[i][0], mentions.filter((m) => m.start >= spans[i][0] && m.end <= spans[i][1]), c.symbol));
    if (yardstick) return { symbol: c.symbol, label: 'neutral', basis: 'comparison' };
    if (oneClause) return { symbol: c.symbol, label: headline.label, basis: 'headline' };
    const clause = idx.map((i) => text.slice(spans[i][0], spans[i][1])).join(' ');
    let label = cache.get(clause);
    if (!label) {
      label = classifySentiment(clause, model, { ruleScale: CLAUSE_RULE_SCALE }).label;
      cache.set(clause, label);
    }
    return { symbol: c.symbol, label, basis: 'clause' };
  });
}
