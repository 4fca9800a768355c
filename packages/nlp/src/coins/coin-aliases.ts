/**
 * Default alias table for coin tagging: the 28 coins of shared data `coin-metadata/coins.json`
 * (names from that file) plus a few extra symbols whose upstream auto-tags are known to be wrong
 * (ZRX, FLOW, ARKM, STRK, ONE, GAS, SUN). Hand-written; sources: coin names from coins.json,
 * Chinese names as used by Chinese-language crypto media.
 */

/** Matching rules for one coin. All fields optional; unknown symbols get the generic policy. */
export interface CoinAliasSpec {
  /** Names matched case-insensitively as whole words (CJK names as substrings). */
  names?: string[];
  /** Names matched only with this exact capitalisation, as whole words (common English words). */
  caseNames?: string[];
  /**
   * Names that count only when followed by context (e.g. "Optimism" only before "(OP)",
   * "Superchain", "network"). `after` is tested (case-insensitively) on the text right after the name.
   */
  contextNames?: { name: string; after: RegExp }[];
  /**
   * 'plain': the upper-case symbol as a whole token tags the coin.
   * 'guarded': the symbol is also a common word or acronym (ONE, GAS, OP, DOGE, LINK…); it tags the
   * coin only as a $cashtag, "(SYM)", in a list of other tickers, before price/token/coin words, or
   * when one of the coin's names also occurs in the text.
   * 'caps-word': like 'plain', but like 'guarded' in ALL-CAPS text (NEAR, LINK, DOT…).
   */
  symbolPolicy?: 'plain' | 'guarded' | 'caps-word';
  /** Text spans that never tag this coin (e.g. Strategy's STRK preferred stock). */
  excludes?: RegExp[];
}

/** Symbols that are English words or common acronyms when written in capitals. */
export const GUARDED_SYMBOLS = new Set([
  'ONE', 'GAS', 'SUN', 'OP', 'NEAR', 'UNI', 'LINK', 'DOT', 'DOGE', 'TRUMP', 'FLOW', 'ACE', 'HOT', 'BAND',
  'MASK', 'GALA', 'CAKE', 'BAT', 'COMP', 'FUN', 'KEY', 'LOOM', 'MANA', 'ROSE', 'SAND', 'STORJ', 'TIME',
  'WIN', 'ARK', 'AUDIO', 'BLUR', 'DASH', 'EOS', 'ICP', 'ID', 'IO', 'MOVE', 'PEOPLE', 'REAL', 'SAFE', 'SUPER',
  'TON', 'WAVES', 'AI', 'ALT', 'ANT', 'APE', 'BONK', 'CAT', 'CHEX', 'DOG', 'GOAT', 'HIGH', 'JUP', 'ME', 'NOT',
  'OM', 'PENGU', 'POL', 'PUMP', 'S', 'T', 'W', 'ZK', 'HYPE', 'STRK', 'ZRX', 'ARKM',
]);

/** Lower-case English words that must not tag a coin when written in lower case (names of coins). */
export const COMMON_WORD_NAMES = new Set([
  'flow', 'near', 'one', 'gas', 'sun', 'optimism', 'ripple', 'avalanche', 'link', 'dot', 'uni', 'tao',
  'sui', 'tron', 'aave', 'pepe', 'ether', 'official trump', 'trump', 'render', 'cosmos', 'stellar',
  'polygon', 'celestia', 'injective', 'arkham', 'strategy', 'maker', 'chain', 'graph', 'the graph',
]);

/** Default rules keyed by upper-case symbol. */
export const DEFAULT_COIN_ALIASES: Record<string, CoinAliasSpec> = {
  BTC: { names: ['Bitcoin', 'BTC', '比特币', '比特幣'], excludes: [/Bitcoin\.com/i, /Bitcoin Magazine/i] },
  ETH: { names: ['Ethereum', 'Ether', '以太坊', '以太币', '以太幣'], excludes: [/Ethereum Classic/i] },
  BNB: { names: ['BNB', 'Binance Coin', 'BNB Chain', '币安币', '幣安幣'] },
  SOL: { names: ['Solana', '索拉纳', '索拉納'] },
  XRP: { names: ['XRP', '瑞波币', '瑞波幣', '瑞波'], caseNames: ['Ripple', 'RIPPLE'], excludes: [/Ripple effect/i] },
  ADA: { names: ['Cardano', '卡尔达诺', '艾达币'] },
  DOGE: { names: ['Dogecoin', '狗狗币', '狗狗幣'], symbolPolicy: 'guarded', excludes: [/Department of Government Efficiency/i] },
  AVAX: {
    names: ['AVAX', '雪崩币'],
    contextNames: [{ name: 'Avalanche', after: /^(?!\s+of\b)/i }],
    excludes: [/\ban avalanche\b/i],
  },
  LINK: { names: ['Chainlink'], symbolPolicy: 'caps-word' },
  DOT: { names: ['Polkadot', '波卡'], symbolPolicy: 'caps-word' },
  TRX: { names: ['TRON', 'TRX', '波场', '波場'], caseNames: ['Tron'] },
  LTC: { names: ['Litecoin', '莱特币', '萊特幣'] },
  BCH: { names: ['Bitcoin Cash', '比特币现金', '比特幣現金'] },
  SUI: { names: ['SUI'], caseNames: ['Sui'] },
  NEAR: { names: ['NEAR Protocol', 'Near Protocol'], symbolPolicy: 'caps-word' },
  UNI: { names: ['Uniswap'], symbolPolicy: 'caps-word' },
  PEPE: { names: ['PEPE', 'Pepecoin'], caseNames: ['Pepe'] },
  ARB: { names: ['Arbitrum'] },
  AAVE: { names: ['AAVE'], caseNames: ['Aave'] },
  OP: {
    names: ['OP Mainnet', 'OP Superchain', 'OP Stack', 'Optimism Superchain'],
    contextNames: [{ name: 'Optimism', after: /^\s*(?:\(OP\)|Superchain|network|mainnet|Foundation|Collective|token|L2|layer[- ]2|rollup|['’]s\s+OP)/i }],
    symbolPolicy: 'guarded',
  },
  INJ: { names: ['INJ', 'Injective'] },
  TAO: { names: ['Bittensor'], symbolPolicy: 'caps-word' },
  ZEC: { names: ['Zcash', '大零币'] },
  ENA: { names: ['Ethena'] },
  TRUMP: {
    names: ['Official Trump', 'TRUMP memecoin', 'TRUMP meme coin', 'TRUMP token', 'TRUMP coin', 'Trump memecoin', 'Trump meme coin', 'Trump coin', 'TRUMP币', '特朗普币', '川普币'],
    symbolPolicy: 'guarded',
  },
  SHIB: { names: ['Shiba Inu', '柴犬币', '柴犬幣'] },
  USDT: { names: ['Tether', '泰达币', '泰達幣'] },
  USDC: { names: ['USD Coin', 'USDC'] },
  // Extra symbols with known false tags upstream (tagged only when really named).
  ZRX: { names: ['0x Protocol', '0x Labs'], symbolPolicy: 'plain' },
  FLOW: { names: ['Flow blockchain', 'Flow network'], symbolPolicy: 'guarded' },
  ARKM: { names: ['Arkham token', 'ARKM'], symbolPolicy: 'plain' },
  STRK: { names: ['Starknet', 'StarkNet'], symbolPolicy: 'guarded', excludes: [/Strategy['’]?s?\s+(?:\w+\s+)?STRK/i, /STRK\s+(?:preferred|stock|shares)/i] },
  ONE: { names: ['Harmony ONE', 'Harmony (ONE)'], symbolPolicy: 'guarded' },
  GAS: { names: ['NeoGas', 'Neo GAS'], symbolPolicy: 'guarded' },
  SUN: { names: ['SUN token', 'Sun Token'], symbolPolicy: 'guarded' },
};

/** The 28 coins of coins.json as `{id, symbol, name}` (id = symbol), ready for {@link tagCoins}. */
export const DEFAULT_COINS: { id: string; symbol: string; name: string }[] = [
  ['AAVE', 'AAVE'], ['ADA', 'Cardano'], ['ARB', 'Arbitrum'], ['AVAX', 'Avalanche'], ['BCH', 'Bitcoin Cash'],
  ['BNB', 'Binance Coin'], ['BTC', 'Bitcoin'], ['DOGE', 'Dogecoin'], ['DOT', 'Polkadot'], ['ENA', 'Ethena'],
  ['ETH', 'Ethereum'], ['INJ', 'Injective'], ['LINK', 'ChainLink'], ['LTC', 'Litecoin'], ['NEAR', 'NEAR Protocol'],
  ['OP', 'Optimism'], ['PEPE', 'Pepe'], ['SHIB', 'Shiba Inu'], ['SOL', 'Solana'], ['SUI', 'Sui'],
  ['TAO', 'Bittensor'], ['TRUMP', 'Official Trump'], ['TRX', 'TRON'], ['UNI', 'Uniswap'], ['USDC', 'USD Coin'],
  ['USDT', 'Tether'], ['XRP', 'XRP'], ['ZEC', 'Zcash'],
].map(([symbol, name]) => ({ id: symbol, symbol, name }));
