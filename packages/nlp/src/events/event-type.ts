/**
 * Event type of a crypto headline (English or Chinese), by ordered keyword rules written for this
 * project: the first type whose pattern matches wins, most specific first (a hack reported with a price
 * drop is a hack; an ETF's inflows are fund flows, not price action).
 *
 * Types: `etf_flows` (ETF filings/approvals and fund flows), `treasury` (a company or state buys or
 * holds coins), `hack` (hack, exploit, theft, scam), `regulation` (law, regulators, courts,
 * enforcement), `listing` (exchange listing / delisting), `unlock` (token unlocks and vesting),
 * `macro` (rates, inflation, the Fed, tariffs, jobs, the dollar), `partnership` (partnership,
 * integration, adoption, launches), `price_action` (price moves, levels, technical analysis,
 * liquidations), `other`.
 */

/** Event types in rule order (see the file header). */
export const EVENT_TYPES = ['hack', 'etf_flows', 'treasury', 'regulation', 'unlock', 'listing', 'macro', 'partnership', 'price_action', 'other'] as const;
/** One event type. */
export type EventType = (typeof EVENT_TYPES)[number];

/** English and Chinese display names of each event type. */
export const EVENT_TYPE_NAMES: Readonly<Record<EventType, { en: string; zh: string }>> = {
  etf_flows: { en: 'ETF / fund flows', zh: 'ETF／资金流向' },
  treasury: { en: 'treasury purchase', zh: '机构储备购币' },
  hack: { en: 'hack / exploit', zh: '黑客／漏洞攻击' },
  regulation: { en: 'regulation / enforcement', zh: '监管／执法' },
  listing: { en: 'listing / delisting', zh: '上币／下架' },
  unlock: { en: 'token unlock', zh: '代币解锁' },
  macro: { en: 'macro', zh: '宏观' },
  partnership: { en: 'partnership / adoption', zh: '合作／采用' },
  price_action: { en: 'price action', zh: '价格走势' },
  other: { en: 'other', zh: '其他' },
};

const RULES: Readonly<Record<Exclude<EventType, 'other'>, RegExp>> = {
  hack: /\b(?:hack(?:s|ed|ers?|ing)?|exploit(?:s|ed|ers?)?|drain(?:s|ed|er)?|stolen|steals?|theft|breach(?:ed|es)?|rug[- ]?pull\w*|phishing|scam(?:s|mers?)?|attackers?|compromised|heist|laundered|ponzi)\b|黑客|被盗|漏洞|攻击|盗取|被黑|钓鱼|诈骗|跑路|失窃/i,
  etf_flows: /\bETFs?\b|\bETPs?\b|\b(?:in|out)flows?\b|\bfund flows?\b|\bnet (?:buying|selling)\b|\bspot (?:bitcoin|ether|ethereum|sol|xrp) funds?\b|\b(?:bitcoin|ether|ethereum|crypto|btc|eth|sol|solana|xrp|digital asset) (?:funds?|ETPs?|investment products?)\b|\bfunds? (?:pulled in|drew|attracted|recorded|saw|see)\b|\bIBIT\b|\bETHA\b|\bGBTC\b|ETF|资金(?:净)?流[入出]|净流[入出]/i,
  treasury: /\btreasur(?:y|ies)\b(?! (?:yields?|bonds?|secretary|department))|\b(?:strategic|national|state|sovereign|corporate|bitcoin|btc|crypto|ether|eth)\s+reserves?\b|\b(?:buys?|bought|adds?|added|acquires?|acquired|purchases?|purchased|accumulat\w*|holdings|stockpil\w*)\b[^.]{0,40}\b(?:BTC|bitcoin|ETH|ether|ethereum|SOL|solana|XRP|BNB|coins?|tokens?)\b|\bStrategy\b|\bMicroStrategy\b|\bSaylor\b|\bMetaplanet\b|\bSharpLink\b|\bBitMine\b|财库|储备|增持|购入|买入[^，。]{0,10}(?:比特币|以太坊|BTC|ETH)|微策略/i,
  regulation: /\b(?:SEC|CFTC|DOJ|FCA|MiCA|IRS|FATF|OFAC|regulat\w*|lawsuit|sue[sd]?|court|judge|ruling|settle(?:s|d|ment)|charge[sd]?|indict\w*|arrest\w*|sanction\w*|enforcement|bill|law|laws|legislat\w*|senate|congress|house passes|GENIUS|CLARITY|stablecoin act|ban(?:s|ned)?|crackdown|licen[cs]e[sd]?|compliance|tax(?:es|ation)?|investigat\w*|subpoena|fined|fines|lawmakers?|policy|executive order)\b|监管|法案|立法|起诉|诉讼|法院|裁决|和解|指控|逮捕|制裁|禁止|禁令|牌照|合规|税|调查|罚款|证监会|美国证券交易委员会/i,
  listing: /\b(?:lists|listed|listing|delist\w*|will list|to list|adds? (?:support for|trading)|trading pairs?|launchpool|launchpad)\b|上线|上架|上币|下架|开通[^，。]{0,6}交易/i,
  unlock: /\b(?:unlock(?:s|ed|ing)?|vesting|cliff|token release|emissions?)\b|解锁|解禁/i,
  macro: /\b(?:Fed|FOMC|Powell|rate (?:cut|hike)s?|interest rates?|inflation|CPI|PPI|PCE|jobs report|payrolls?|unemployment|recession|GDP|tariffs?|trade war|treasury yields?|bond yields?|dollar|DXY|macro\w*|central bank|ECB|BOJ|geopolitic\w*|Iran|Israel|war)\b|美联储|降息|加息|利率|通胀|非农|就业|失业|衰退|关税|贸易战|美债|收益率|美元指数|央行|宏观|地缘/i,
  partnership: /\b(?:partner(?:s|ship|ships|ed)?|integrat\w*|adopt\w*|collaborat\w*|teams? up|joins? forces|launch(?:es|ed)?|rolls? out|unveil\w*|debuts?|accepts?|payments?|mainnet|upgrade|integration|alliance|deal)\b|合作|集成|整合|采用|推出|上线主网|主网|升级|支付|联手|携手/i,
  price_action: /\b(?:price|prices|surg\w*|soar\w*|rall(?:y|ies|ied)|jump\w*|climb\w*|ris(?:e|es|ing)|rose|gain(?:s|ed)?|spik\w*|rebound\w*|bounc\w*|recover\w*|plung\w*|plummet\w*|crash\w*|tumbl\w*|slid\w*|slump\w*|drop\w*|fall(?:s|ing)?|fell|declin\w*|dip(?:s|ped)?|dump\w*|retreat\w*|support|resistance|breakout|breakdown|all[- ]time high|ATH|liquidat\w*|short squeeze|bull(?:ish)?|bear(?:ish)?|rally|correction|technical|chart|RSI|MACD|moving average|golden cross|death cross|\$\d[\d,.]*[kKmMbB]?\b|\d+(?:\.\d+)?\s?%)/i,
};
const PRICE_ACTION_ZH = /涨|跌|反弹|回落|突破|跌破|支撑|阻力|新高|新低|行情|价格|清算|爆仓|牛市|熊市|\d+(?:\.\d+)?\s?%/;

/**
 * The event type of `text` (a headline, optionally with its lead). Deterministic; never throws.
 * Empty text → 'other'.
 */
export function classifyEventType(text: string): EventType {
  if (!text || !text.trim()) return 'other';
  for (const t of EVENT_TYPES) {
    if (t === 'other') break;
    if (RULES[t].test(text)) return t;
    if (t === 'price_action' && PRICE_ACTION_ZH.test(text)) return t;
  }
  return 'other';
}
