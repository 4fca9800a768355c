/**
 * Coin tagging: which coins a headline or summary is about, by symbol and name, without the
 * well-known false tags of naive matchers ("inflows" ≠ FLOW, "0x…" addresses ≠ ZRX, "Arkham" ≠ ARKM,
 * Strategy's STRK preferred stock ≠ Starknet, "OP-Return" ≠ Optimism, the US "DOGE" office ≠ Dogecoin).
 *
 * Rules (see coin-aliases.ts for the table):
 *  - Symbols match only upper-case whole tokens (`BTC`, not `btc` or `BTCUSD`), or as cashtags `$btc`.
 *  - Guarded symbols (common words/acronyms such as ONE, GAS, SUN, OP, DOGE, TRUMP, FLOW)
 *    need extra evidence: a $cashtag, "(SYM)", a list of other tickers ("BTC, ETH, DOGE"), a
 *    "NAME: SYM" price list, a following price/token/coin word, or one of the coin's names in the text.
 *    "Caps-word" symbols (NEAR, UNI, LINK, DOT, TAO) need that evidence only in ALL-CAPS text.
 *  - Names match case-insensitively as whole words; names that are English words (Ripple, Sui, Pepe…)
 *    only with their capitalisation; some only in context (Optimism before "(OP)"/"Superchain"…).
 *  - Chinese names (比特币, 以太坊…) match as substrings.
 *  - Overlapping matches are resolved longest first ("Bitcoin Cash" is BCH, not BTC).
 */
import { COMMON_WORD_NAMES, DEFAULT_COIN_ALIASES, GUARDED_SYMBOLS, type CoinAliasSpec } from './coin-aliases.js';

/** A coin that can be tagged. `aliases`: extra names (matched case-insensitively as whole words). */
export interface TaggableCoin {
  id: string;
  symbol: string;
  name: string;
  aliases?: string[];
}

/** One tagged coin: `matches` are the distinct surface strings found, in order of appearance. */
export interface CoinTag {
  coinId: string;
  symbol: string;
  matches: string[];
}

interface Candidate {
  coin: number;
  start: number;
  end: number;
  kind: 'name' | 'symbol' | 'cashtag';
}

const CJK = /[\u3400-\u9fff]/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SEP = String.raw`(?:,\s*(?:and|or|&)?|\/|&|\band\b|\bor\b|\bvs\.?)`;
const SEP_BEFORE = new RegExp(String.raw`(?:^|[^A-Za-z0-9$])\$?([A-Z][A-Z0-9]{1,9})\s*${SEP}\s*$`);
const SEP_AFTER = new RegExp(String.raw`^\s*${SEP}\s*\$?([A-Z][A-Z0-9]{1,9})(?![A-Za-z0-9])`);
/** "SOLANA: SOL, OPTIMISM: OP" price-list format: an all-caps word and a colon before the symbol. */
const CAPS_LABEL_BEFORE = /(?:^|[\s,])[A-Z][A-Z ]{2,}:\s*$/;
const CRYPTO_AFTER = /^(?:\s*(?:token|tokens|coin|holders|whales|ETF|ETFs|staking|airdrop|unlock)\b|\/?(?:USDT|USDC)\b)/i;

function nameRegex(name: string, caseSensitive: boolean): RegExp {
  const body = escapeRe(name).replace(/\s+/g, '\\s+');
  const src = CJK.test(name) ? body : `(?<![A-Za-z0-9])${body}(?![A-Za-z0-9])`;
  return new RegExp(src, caseSensitive ? 'g' : 'gi');
}

interface Compiled {
  coin: TaggableCoin;
  symbol: string;
  /** Symbol needs evidence always ('guarded') or only in ALL-CAPS text ('caps-word'). */
  guarded: boolean;
  capsWord: boolean;
  names: { re: RegExp; after?: RegExp }[];
  /** The exclusion patterns with the global flag (for {@link spans}). */
  excludes: RegExp[];
  /** The bare symbol as a word, and the cashtag ($SYM, any case). */
  symbolRe: RegExp;
  cashtagRe: RegExp;
}

const compiledCache = new WeakMap<readonly TaggableCoin[], Compiled[]>();

function compile(coins: readonly TaggableCoin[]): Compiled[] {
  const hit = compiledCache.get(coins);
  if (hit) return hit;
  const out = coins.map((coin): Compiled => {
    const symbol = coin.symbol.toUpperCase();
    const spec: CoinAliasSpec = DEFAULT_COIN_ALIASES[symbol] ?? {};
    const names: { re: RegExp; after?: RegExp }[] = [];
    const known = new Set<string>();
    for (const n of spec.names ?? []) {
      names.push({ re: nameRegex(n, false) });
      known.add(n.toLowerCase());
    }
    for (const n of spec.caseNames ?? []) {
      names.push({ re: nameRegex(n, true) });
      known.add(n.toLowerCase());
    }
    for (const c of spec.contextNames ?? []) {
      names.push({ re: nameRegex(c.name, true), after: c.after });
      known.add(c.name.toLowerCase());
    }
    for (const n of [coin.name, ...(coin.aliases ?? [])]) {
      const l = n.toLowerCase();
      if (!n || known.has(l) || l === symbol.toLowerCase() || COMMON_WORD_NAMES.has(l)) continue;
      names.push({ re: nameRegex(n, false) });
      known.add(l);
    }
    const guarded = spec.symbolPolicy ? spec.symbolPolicy === 'guarded' : GUARDED_SYMBOLS.has(symbol);
    const excludes = (spec.excludes ?? []).map((re) => new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g'));
    const symbolRe = new RegExp(`(?<![A-Za-z0-9$])${escapeRe(symbol)}(?![A-Za-z0-9])`, 'g');
    const cashtagRe = new RegExp(`\\$${escapeRe(symbol)}(?![A-Za-z0-9])`, 'gi');
    return { coin, symbol, guarded, capsWord: spec.symbolPolicy === 'caps-word', names, excludes, symbolRe, cashtagRe };
  });
  compiledCache.set(coins, out);
  return out;
}

function spans(re: RegExp, text: string): [number, number][] {
  const r: [number, number][] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    r.push([m.index, m.index + m[0].length]);
    if (m[0].length === 0) re.lastIndex++;
  }
  return r;
}

/**
 * Tag the coins mentioned in `text` (a headline, summary or both, any language).
 * `coins`: the candidate coins ({@link DEFAULT_COINS} for the shipped 28); known symbols get the
 * rules of DEFAULT_COIN_ALIASES, others a generic policy (symbol + name). Returns one entry per coin
 * found, ordered by first mention; never throws (empty text → []).
 */
export function tagCoins(text: string, coins: readonly TaggableCoin[]): CoinTag[] {
  if (!text) return [];
  const compiled = compile(coins);
  const cands: Candidate[] = [];
  compiled.forEach((c, ci) => {
    const excluded = c.excludes.flatMap((re) => spans(re, text));
    const inExcluded = (s: number, e: number) => excluded.some(([a, b]) => s < b && e > a);
    for (const n of c.names) {
      for (const [s, e] of spans(n.re, text)) {
        if (n.after && !n.after.test(text.slice(e))) continue;
        if (!inExcluded(s, e)) cands.push({ coin: ci, start: s, end: e, kind: 'name' });
      }
    }
    for (const [s, e] of spans(c.symbolRe, text)) if (!inExcluded(s, e)) cands.push({ coin: ci, start: s, end: e, kind: 'symbol' });
    for (const [s, e] of spans(c.cashtagRe, text)) if (!inExcluded(s, e)) cands.push({ coin: ci, start: s, end: e, kind: 'cashtag' });
  });
  // longest first, then earliest; drop overlaps
  cands.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start || a.coin - b.coin);
  const kept: Candidate[] = [];
  for (const c of cands) if (!kept.some((k) => c.start < k.end && c.end > k.start)) kept.push(c);

  const allSymbols = new Set([...Object.keys(DEFAULT_COIN_ALIASES), ...compiled.map((c) => c.symbol)]);
  const hasName = new Set(kept.filter((k) => k.kind !== 'symbol').map((k) => k.coin));
  const shouting = isShouting(text);
  const needsEvidence = (c: Compiled) => c.guarded || (c.capsWord && shouting);
  const plainSymbolFound = kept.some((k) => k.kind === 'symbol' && !needsEvidence(compiled[k.coin]));
  const accepted = kept.filter((k) => {
    if (k.kind !== 'symbol' || !needsEvidence(compiled[k.coin])) return true;
    if (hasName.has(k.coin)) return true;
    const before = text.slice(Math.max(0, k.start - 30), k.start);
    const after = text.slice(k.end, k.end + 24);
    if (/^[-_]\w/.test(after)) return false; // OP-Return, OP_RETURN, DOGE-style compounds
    if (/\(\s*$/.test(before) && /^\s*\)/.test(after)) return true;
    if (CRYPTO_AFTER.test(after) && !shouting) return true;
    if (plainSymbolFound && CAPS_LABEL_BEFORE.test(before)) return true;
    if (plainSymbolFound) {
      const b = SEP_BEFORE.exec(before);
      const a = SEP_AFTER.exec(after);
      if ((b && allSymbols.has(b[1])) || (a && allSymbols.has(a[1]))) return true;
    }
    return false;
  });
  accepted.sort((a, b) => a.start - b.start);
  const byCoin = new Map<number, CoinTag>();
  for (const k of accepted) {
    const c = compiled[k.coin];
    let tag = byCoin.get(k.coin);
    if (!tag) {
      tag = { coinId: c.coin.id, symbol: c.coin.symbol, matches: [] };
      byCoin.set(k.coin, tag);
    }
    const surface = text.slice(k.start, k.end);
    if (!tag.matches.includes(surface)) tag.matches.push(surface);
  }
  return [...byCoin.values()];
}

/** True when most letters are capitals (ALL-CAPS headline), where capitals carry no ticker signal. */
function isShouting(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '');
  if (letters.length < 12) return false;
  const upper = letters.replace(/[^A-Z]/g, '').length;
  return upper / letters.length > 0.7;
}
