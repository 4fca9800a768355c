/**
 * Established Simplified-Chinese names of coins, by symbol, shown in zh-CN lists, pages and search
 * (and searchable in every language: typing 比特币 finds BTC).
 *
 * Only coins with a name that Chinese-language crypto media and exchanges commonly use get one
 * (比特币, 以太坊, 瑞波币 …); the others keep their Latin name in zh-CN too (Chinese media write
 * "Solana", "Arbitrum", "Uniswap" as is), rather than an invented transliteration.
 *
 * Source: written by a language-model agent from general knowledge of Chinese crypto usage (the same
 * names are among the Chinese aliases that tag Chinese headlines in
 * `packages/nlp/src/coins/coin-aliases.ts`); not copied from a dataset and not checked against one.
 */
export const COIN_NAMES_ZH: Readonly<Record<string, string>> = {
  BTC: '比特币',
  ETH: '以太坊',
  XRP: '瑞波币',
  BNB: '币安币',
  DOGE: '狗狗币',
  LTC: '莱特币',
  BCH: '比特币现金',
  DOT: '波卡',
  TRX: '波场',
  SHIB: '柴犬币',
  USDT: '泰达币',
  ADA: '艾达币',
  AVAX: '雪崩',
  ZEC: '大零币',
};

/**
 * A coin's display name in a language: the established Chinese name for `zh-CN` where one exists
 * ({@link COIN_NAMES_ZH}), otherwise its `name` (e.g. `coinDisplayName({symbol: 'BTC', name:
 * 'Bitcoin'}, 'zh-CN')` → `比特币`; `… 'en-US'` → `Bitcoin`).
 */
export function coinDisplayName(coin: { symbol: string; name: string }, lang: string): string {
  return (lang === 'zh-CN' && COIN_NAMES_ZH[coin.symbol.toUpperCase()]) || coin.name;
}
