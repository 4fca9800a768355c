/**
 * Crypto lexicon rules: features of the v2 model (domain-cues.ts) and mixed into its probabilities. TFNS is stock-market news; crypto
 * headlines use terms whose polarity the model cannot learn from it ("ETF inflows", "rug pull",
 * "delisting", "short squeeze", "rate cut" is good news for crypto while "cut" is bearish in TFNS).
 *
 * A rule fires only on a crypto headline (see {@link isCryptoText}) and when its phrase is not
 * negated just before ("no hack", "denies partnership"). The first matching rule (table order, most
 * specific first) mixes its label into the model's probabilities with weight 0.48 (strong rules) or
 * 0.25 (weak rules) times RULE_MIX_SCALE (classify.ts, 0.5: chosen on the model-selection split).
 */
import type { SentimentLabel } from './model.js';

/** One rule: `id` (stable, shown to users as the basis), the pattern, and the label it supports. */
export interface CryptoRule {
  id: string;
  label: Exclude<SentimentLabel, 'neutral'>;
  pattern: RegExp;
  /** Mixing weight towards `label` (RULE_WEIGHT or RULE_WEIGHT_WEAK). */
  weight: number;
  /** Human description (en) for documentation and interpretations. */
  description: string;
  /** The same in Simplified Chinese. */
  descriptionZh: string;
}

/**
 * Mixing weight w of a strong rule: scores = (1 − w)·model + w·onehot(rule label). With 0.48 the rule
 * decides unless the model gives another label ≥ 0.92 more probability than the rule's label.
 */
export const RULE_WEIGHT = 0.48;
/** The same for weak, more ambiguous rules (partnership, listing, airdrop…): overrides a lead < 0.33. */
export const RULE_WEIGHT_WEAK = 0.25;

/** The rule table, most specific first. */
export const CRYPTO_RULES: readonly CryptoRule[] = [
  { id: 'etf-rejected-or-delayed', weight: RULE_WEIGHT, descriptionZh: 'ETF 被拒绝、否决或推迟', label: 'bearish', description: 'ETF rejected, denied or delayed', pattern: /\bETFs?\b[^.]{0,50}\b(?:reject\w*|den(?:y|ies|ied)|delay\w*|postpone\w*)|\b(?:reject\w*|den(?:y|ies|ied)|delay\w*|postpone\w*)\b[^.]{0,50}\bETFs?\b/i },
  { id: 'short-liquidations', weight: RULE_WEIGHT, descriptionZh: '空头被清算／轧空', label: 'bullish', description: 'short liquidations / short squeeze', pattern: /\bshorts?\b[^.]{0,20}\b(?:liquidat\w*|squeez\w*|wiped)|\bshort squeeze\b/i },
  { id: 'liquidations', weight: RULE_WEIGHT, descriptionZh: '清算（多头爆仓）', label: 'bearish', description: 'liquidations (longs wiped out)', pattern: /\bliquidat(?:ions?|ed)\b/i },
  { id: 'hack-exploit', weight: RULE_WEIGHT, descriptionZh: '黑客攻击、漏洞利用、资金被盗', label: 'bearish', description: 'hack, exploit, drain, stolen funds', pattern: /\b(?:hack(?:s|ed|ers?)?|exploit(?:s|ed)?|drain(?:s|ed)?|stolen|breach(?:ed)?)\b/i },
  { id: 'rug-pull', weight: RULE_WEIGHT, descriptionZh: '跑路（rug pull）', label: 'bearish', description: 'rug pull / exit scam', pattern: /\brug[- ]?pull\w*|\bexit scam\b/i },
  { id: 'scam-fraud', weight: RULE_WEIGHT_WEAK, descriptionZh: '诈骗、欺诈、庞氏骗局', label: 'bearish', description: 'scam, fraud, Ponzi', pattern: /\b(?:scams?|fraud\w*|ponzi)\b/i },
  { id: 'delisting', weight: RULE_WEIGHT, descriptionZh: '交易所下架', label: 'bearish', description: 'exchange delisting', pattern: /\bdelist\w*/i },
  { id: 'regulator-sues', weight: RULE_WEIGHT, descriptionZh: 'SEC/CFTC/司法部起诉或指控', label: 'bearish', description: 'SEC/CFTC/DOJ sues or charges', pattern: /\b(?:SEC|CFTC|DOJ|regulators?)\b[^.]{0,25}\b(?:sues?|sued|charges?|charged|lawsuit)\b/i },
  { id: 'ban', weight: RULE_WEIGHT, descriptionZh: '禁止加密活动', label: 'bearish', description: 'ban on crypto activity', pattern: /\bban(?:s|ned)?\b[^.]{0,30}\b(?:crypto\w*|bitcoin|mining|stablecoins?|exchanges?)\b|\bcrackdown\b/i },
  { id: 'insolvency', weight: RULE_WEIGHT, descriptionZh: '暂停提现、资不抵债、破产', label: 'bearish', description: 'withdrawals halted, insolvency, bankruptcy', pattern: /\b(?:halts?|pauses?|suspends?)\s+withdrawals\b|\binsolven\w*|\bbankrupt\w*/i },
  { id: 'outflows', weight: RULE_WEIGHT, descriptionZh: '资金／ETF 净流出', label: 'bearish', description: 'fund / ETF outflows', pattern: /\boutflows?\b/i },
  { id: 'sell-off', weight: RULE_WEIGHT_WEAK, descriptionZh: '抛售、砸盘', label: 'bearish', description: 'sell-off, dump, holder sells its coins', pattern: /\b(?:sell[- ]?offs?|sold off|sells? off|selling off|dump(?:s|ed|ing)?)\b|\b(?:sold|sells|offload\w*|unload\w*)\b[^.]{0,30}\b(?:BTC|bitcoin|ETH|ether|SOL|XRP|stash|holdings|stake|tokens|coins|ETF)\b/i },
  { id: 'token-unlock', weight: RULE_WEIGHT_WEAK, descriptionZh: '代币解锁（潜在抛压）', label: 'bearish', description: 'token unlock (supply overhang)', pattern: /\btoken unlocks?\b|\bunlocks? (?:of )?(?:\$?[\d.,]+\s?(?:[mb]|million|billion)?\s)?(?:worth of )?tokens\b/i },
  { id: 'death-cross', weight: RULE_WEIGHT_WEAK, descriptionZh: '死叉', label: 'bearish', description: 'death cross', pattern: /\bdeath cross\b/i },
  { id: 'etf-approval', weight: RULE_WEIGHT, descriptionZh: 'ETF 获批、放行或上市', label: 'bullish', description: 'ETF approved, green-lit, launched', pattern: /\bETFs?\b[^.]{0,40}\b(?:approv\w*|green[- ]?l(?:ight|it)\w*|debut\w*)|\b(?:approv\w*|green[- ]?l(?:ight|it)\w*)\b[^.]{0,40}\bETFs?\b/i },
  { id: 'inflows', weight: RULE_WEIGHT, descriptionZh: '资金／ETF 净流入', label: 'bullish', description: 'fund / ETF inflows', pattern: /\binflows?\b/i },
  { id: 'all-time-high', weight: RULE_WEIGHT, descriptionZh: '历史新高', label: 'bullish', description: 'all-time high / ATH / record high', pattern: /\ball[- ]time[- ]highs?\b|\bATHs?\b|\brecord highs?\b/i },
  { id: 'golden-cross', weight: RULE_WEIGHT_WEAK, descriptionZh: '金叉', label: 'bullish', description: 'golden cross', pattern: /\bgolden cross\b/i },
  { id: 'rate-cut', weight: RULE_WEIGHT_WEAK, descriptionZh: '降息（利好风险资产）', label: 'bullish', description: 'interest-rate cut (risk-on for crypto)', pattern: /\brate cuts?\b|\bcuts? (?:interest )?rates\b/i },
  { id: 'treasury-buy', weight: RULE_WEIGHT_WEAK, descriptionZh: '公司或基金买入／增持币', label: 'bullish', description: 'company or fund buys / adds coins', pattern: /\b(?:buys?|bought|adds?|added|acquires?|acquired|purchases?|purchased)\b[^.]{0,30}\b(?:BTC|bitcoin|ETH|ether|SOL|XRP)\b/i },
  { id: 'partnership', weight: RULE_WEIGHT_WEAK, descriptionZh: '合作／集成', label: 'bullish', description: 'partnership / integration', pattern: /\bpartner(?:s|ship|ships|ed)?\b|\bintegrat(?:es|ion)\b/i },
  { id: 'listing', weight: RULE_WEIGHT_WEAK, descriptionZh: '交易所上币', label: 'bullish', description: 'exchange listing', pattern: /\b(?:lists|listed on|listing on|to list|will list)\b/i },
  { id: 'airdrop', weight: RULE_WEIGHT_WEAK, descriptionZh: '空投', label: 'bullish', description: 'airdrop', pattern: /\bairdrops?\b/i },
  { id: 'mainnet-launch', weight: RULE_WEIGHT_WEAK, descriptionZh: '主网上线／升级生效', label: 'bullish', description: 'mainnet launch / upgrade goes live', pattern: /\bmainnet\b[^.]{0,20}\b(?:launch\w*|live)\b|\bupgrade goes live\b/i },
];

const CRYPTO_CONTEXT = /\b(?:crypto\w*|bitcoin|btc|ethereum|ether|eth|blockchain|tokens?|coins?|stablecoins?|defi|nfts?|altcoins?|memecoins?|web3|binance|coinbase|solana|sol|xrp|ripple|dogecoin|doge|on-?chain|staking|miners?|mining|whales?|satoshi|sats|dex|cex|airdrops?|mainnet|layer[- ]?2|l2)\b|比特币|以太坊|加密|币/i;
const NEGATION_BEFORE = /\b(?:no|not|never|without|denies|deny|denied|rules out|ruled out|false|fake|rumou?rs? of)\s+(?:\w+\s+){0,2}$/i;

/** True when the text is about crypto (crypto words, major coin names or Chinese crypto terms). */
export function isCryptoText(text: string): boolean {
  return CRYPTO_CONTEXT.test(text);
}

/** The first rule that fires on `text` (crypto context required, negated phrases skipped), or null. */
export function matchCryptoRule(text: string): CryptoRule | null {
  if (!isCryptoText(text)) return null;
  for (const rule of CRYPTO_RULES) {
    const re = new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '') + 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (!NEGATION_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) return rule;
    }
  }
  return null;
}

/** Chinese keyword lists for Chinese headlines (the model reads English only). */
const ZH_BULLISH = ['暴涨', '大涨', '上涨', '飙升', '拉升', '反弹', '突破', '新高', '创纪录', '净流入', '流入', '获批', '批准', '利好', '增持', '买入', '合作', '上线', '空投', '降息', '金叉', '看涨'];
const ZH_BEARISH = ['暴跌', '大跌', '下跌', '跳水', '闪崩', '崩盘', '回落', '跌破', '新低', '净流出', '流出', '被盗', '黑客', '攻击', '漏洞', '清算', '爆仓', '下架', '起诉', '诈骗', '跑路', '禁止', '破产', '利空', '减持', '抛售', '死叉', '看跌', '加息'];

/** Chinese rule result: label by keyword majority (ties → null), with the keywords found. */
export function matchChineseKeywords(text: string): { label: 'bullish' | 'bearish'; keywords: string[] } | null {
  const bull = ZH_BULLISH.filter((k) => text.includes(k));
  const bear = ZH_BEARISH.filter((k) => text.includes(k));
  if (bull.length === bear.length) return null;
  return bull.length > bear.length ? { label: 'bullish', keywords: bull } : { label: 'bearish', keywords: bear };
}
