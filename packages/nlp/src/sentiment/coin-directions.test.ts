import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COINS } from '../coins/coin-aliases.js';
import { tagCoins } from '../coins/tag-coins.js';
import { classifySentiment } from './classify.js';
import { clauseSpans, directionsByCoin } from './coin-directions.js';
import type { SentimentLabel } from './model.js';

interface Fixture {
  id: string;
  title: string;
  coins: Record<string, SentimentLabel>;
}
const FIXTURE = JSON.parse(readFileSync(new URL('../../fixtures/multi-coin-directions.json', import.meta.url), 'utf8')) as Fixture[];

/** Per-coin accuracy of `directionsByCoin` on the hand-labelled fixture, and of the headline label given to every coin. */
function score() {
  let n = 0;
  let ok = 0;
  let okHeadline = 0;
  const misses: string[] = [];
  for (const f of FIXTURE) {
    const tags = tagCoins(f.title, DEFAULT_COINS);
    const named = Object.keys(f.coins).map((symbol) => ({ symbol, matches: tags.find((t) => t.symbol === symbol)?.matches ?? [] }));
    const headline = classifySentiment(f.title);
    for (const d of directionsByCoin(f.title, named, { headline })) {
      n++;
      if (d.label === f.coins[d.symbol]) ok++;
      else misses.push(`${f.id} ${d.symbol}: expected ${f.coins[d.symbol]}, got ${d.label} (${d.basis}) — ${f.title}`);
      if (headline.label === f.coins[d.symbol]) okHeadline++;
    }
  }
  return { n, accuracy: ok / n, headlineAccuracy: okHeadline / n, misses };
}

describe('directionsByCoin', () => {
  it('fixture: ≥ 60 multi-coin headlines from the shipped news, each coin tagged in its title', () => {
    expect(FIXTURE.length).toBeGreaterThanOrEqual(60);
    for (const f of FIXTURE) {
      expect(Object.keys(f.coins).length).toBeGreaterThanOrEqual(2);
      const tagged = tagCoins(f.title, DEFAULT_COINS).map((t) => t.symbol);
      for (const s of Object.keys(f.coins)) expect(tagged, `${f.id} ${s}`).toContain(s);
    }
  });

  it('gives each coin its own direction: better than the headline label for all, and ≥ 75 % per coin', () => {
    const r = score();
    // printed so a change of model or rules shows its effect
    console.log(`per-coin directions: ${(100 * r.accuracy).toFixed(1)} % of ${r.n} coin labels (headline label for every coin: ${(100 * r.headlineAccuracy).toFixed(1)} %)`);
    expect(r.accuracy).toBeGreaterThanOrEqual(0.75);
    expect(r.accuracy).toBeGreaterThan(r.headlineAccuracy);
  }, 30_000);

  it('splits clauses and keeps coin lists together', () => {
    const coins = (t: string) => tagCoins(t, DEFAULT_COINS);
    const t1 = 'Dogecoin, Cardano and Solana Slump as Crypto Majors See Profit-Taking';
    expect(clauseSpans(t1, coins(t1)).map(([a, b]) => t1.slice(a, b))).toEqual(['Dogecoin, Cardano and Solana Slump', 'Crypto Majors See Profit-Taking']);
    const t2 = 'Bitcoin Clinches Fifth Consecutive Net Institutional Inflow, Solana Fund Dips';
    expect(clauseSpans(t2, coins(t2)).map(([a, b]) => t2.slice(a, b))).toEqual(['Bitcoin Clinches Fifth Consecutive Net Institutional Inflow', 'Solana Fund Dips']);
  });

  it('opposite clauses, comparisons and Chinese', () => {
    const dir = (t: string) => Object.fromEntries(directionsByCoin(t, tagCoins(t, DEFAULT_COINS).map((c) => ({ symbol: c.symbol, matches: c.matches }))).map((d) => [d.symbol, d.label]));
    expect(dir('US ETH Spot ETF Sees $533.8M Inflow Led by BlackRock’s ETHA Amid Bitcoin Spot ETF Outflows')).toEqual({ ETH: 'bullish', BTC: 'bearish' });
    expect(dir('BlackRock Buys More Ethereum Than Bitcoin')).toMatchObject({ BTC: 'neutral' });
    expect(dir('比特币 ETF 连续第五日净流入，Solana 基金下跌')).toEqual({ BTC: 'bullish', SOL: 'bearish' });
    // one coin: the headline's label
    const one = directionsByCoin('Bitcoin hits all-time high', [{ symbol: 'BTC', matches: ['Bitcoin'] }]);
    expect(one).toEqual([{ symbol: 'BTC', label: classifySentiment('Bitcoin hits all-time high').label, basis: 'headline' }]);
  });
});
