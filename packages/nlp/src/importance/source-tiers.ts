/**
 * Source tier table for news importance. Tier 1: large newsrooms with editorial standards and
 * original reporting; tier 2: established crypto outlets and aggregators; tier 3: high-volume
 * rewrite sites, sponsored content and press-release wires. Unknown sources get
 * {@link DEFAULT_SOURCE_TIER} (3): a newsroom has to be added to the table to rank higher.
 */

/** Source tier: 1 best, 3 lowest. */
export type SourceTier = 1 | 2 | 3;

/** Tier of sources not in the table. */
export const DEFAULT_SOURCE_TIER: SourceTier = 3;

const TIERS: Record<string, SourceTier> = {
  // tier 1
  coindesk: 1, cointelegraph: 1, 'the block': 1, theblock: 1, decrypt: 1, bloomberg: 1, reuters: 1,
  blockworks: 1, 'dl news': 1, 'financial times': 1, 'wall street journal': 1, wsj: 1, cnbc: 1,
  'associated press': 1, 'the defiant': 1, 'bitcoin magazine': 1, 'wu blockchain': 1,
  // tier 2
  'crypto.news': 2, cryptonews: 2, cryptoslate: 2, 'bitcoin.com': 2, cryptopotato: 2, newsbtc: 2,
  bitcoinist: 2, 'u.today': 2, 'the daily hodl': 2, beincrypto: 2, cryptopolitan: 2, ambcrypto: 2,
  coingape: 2, coinpedia: 2, finbold: 2, invezz: 2, 'seeking alpha': 2, tipranks: 2, 'yahoo finance': 2,
  forbes: 2, 'the crypto basic': 2, 'crypto briefing': 2, 'coinpaprika': 2, 'blocktempo': 2,
  '動區動趨 blocktempo': 2, 'odaily': 2, 'odaily星球日报': 2, 'panews': 2, '律动 blockbeats': 2, blockbeats: 2,
  '金色财经': 2, 'chaincatcher': 2,
  // tier 3
  coinotag: 3, bitcoinworld: 3, 'bitcoin sistemi': 3, zycrypto: 3, 'the coin rise': 3, coinquora: 3,
  'crypto daily': 3, cryptoknowmics: 3, 'pr newswire': 3, prnewswire: 3, globenewswire: 3,
  'business wire': 3, chainwire: 3, 'press release': 3, sponsored: 3, 'accesswire': 3,
};

/** Tier of a publisher display name (case-insensitive; unknown → DEFAULT_SOURCE_TIER). */
export function sourceTier(source: string): SourceTier {
  return TIERS[source.trim().toLowerCase()] ?? DEFAULT_SOURCE_TIER;
}

/** Best (lowest) tier among several sources; `DEFAULT_SOURCE_TIER` for an empty list. */
export function bestSourceTier(sources: readonly string[]): SourceTier {
  let best: SourceTier = DEFAULT_SOURCE_TIER;
  for (const s of sources) best = Math.min(best, sourceTier(s)) as SourceTier;
  return best;
}
