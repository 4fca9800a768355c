/**
 * Crypto lexicon rules applied on top of the TFNS-trained model. TFNS is stock-market news; crypto
 * headlines use terms whose polarity the model cannot learn from it ("ETF inflows", "rug pull",
 * "delisting", "short squeeze", "rate cut" is good news for crypto while "cut" is bearish in TFNS).
 *
 * A rule fires only on a crypto headline (see {@link isCryptoText}) and when its phrase is not
 * negated just before ("no hack", "denies partnership"). The first matching rule (table order, most
 * specific first) adds `boost` to its label's probability; the scores are then renormalised. With
 * boost 0.35 a rule flips a model decision only when the model is not confident (this keeps the
 * held-out accuracy: see the report).
 */
import type { SentimentLabel } from './model.js';

/** One rule: `id` (stable, shown to users as the basis), the pattern, and the label it supports. */
export interface CryptoRule {
  id: string;
  label: Exclude<SentimentLabel, 'neutral'>;
  pattern: RegExp;
  /** Human description (en) for documentation. */
  description: string;
}

/** Probability mass added to the rule's label before renormalising. */
export const RULE_BOOST = 0.35;

/** The rule table, most specific first. */
export const CRYPTO_RULES: readonly CryptoRule[] = [
  { id: 'etf-rejected-or-delayed', label: 'bearish', description: 'ETF rejected, denied or delayed', pattern: /\bETFs?\b[^.]{0,50}\b(?:reject\w*|den(?:y|ies|ied)|delay\w*|postpone\w*)|\b(?:reject\w*|den(?:y|ies|ied)|delay\w*|postpone\w*)\b[^.]{0,50}\bETFs?\b/i },
  { id: 'short-liquidations', label: 'bullish', description: 'short liquidations / short squeeze', pattern: /\bshorts?\b[^.]{0,20}\b(?:liquidat\w*|squeez\w*|wiped)|\bshort squeeze\b/i },
  { id: 'liquidations', label: 'bearish', description: 'liquidations (longs wiped out)', pattern: /\bliquidat(?:ions?|ed)\b/i },
  { id: 'hack-exploit', label: 'bearish', description: 'hack, exploit, drain, stolen funds', pattern: /\b(?:hack(?:s|ed|ers?)?|exploit(?:s|ed)?|drain(?:s|ed)?|stolen|breach(?:ed)?)\b/i },
  { id: 'rug-pull', label: 'bearish', description: 'rug pull / exit scam', pattern: /\brug[- ]?pull\w*|\bexit scam\b/i },
  { id: 'scam-fraud', label: 'bearish', description: 'scam, fraud, Ponzi', pattern: /\b(?:scams?|fraud\w*|ponzi)\b/i },
  { id: 'delisting', label: 'bearish', description: 'exchange delisting', pattern: /\bdelist\w*/i },
  { id: 'regulator-sues', label: 'bearish', description: 'SEC/CFTC/DOJ sues or charges', pattern: /\b(?:SEC|CFTC|DOJ|regulators?)\b[^.]{0,25}\b(?:sues?|sued|charges?|charged|lawsuit)\b/i },
  { id: 'ban', label: 'bearish', description: 'ban on crypto activity', pattern: /\bban(?:s|ned)?\b[^.]{0,30}\b(?:crypto\w*|bitcoin|mining|stablecoins?|exchanges?)\b|\bcrackdown\b/i },
  { id: 'insolvency', label: 'bearish', description: 'withdrawals halted, insolvency, bankruptcy', pattern: /\b(?:halts?|pauses?|suspends?)\s+withdrawals\b|\binsolven\w*|\bbankrupt\w*/i },
  { id: 'outflows', label: 'bearish', description: 'fund / ETF outflows', pattern: /\boutflows?\b/i },
  { id: 'death-cross', label: 'bearish', description: 'death cross', pattern: /\bdeath cross\b/i },
  { id: 'etf-approval', label: 'bullish', description: 'ETF approved, green-lit, launched', pattern: /\bETFs?\b[^.]{0,40}\b(?:approv\w*|green[- ]?l(?:ight|it)\w*|debut\w*)|\b(?:approv\w*|green[- ]?l(?:ight|it)\w*)\b[^.]{0,40}\bETFs?\b/i },
  { id: 'inflows', label: 'bullish', description: 'fund / ETF inflows', pattern: /\binflows?\b/i },
  { id: 'all-time-high', label: 'bullish', description: 'all-time high / ATH / record high', pattern: /\ball[- ]time[- ]highs?\b|\bATHs?\b|\brecord highs?\b/i },
  { id: 'golden-cross', label: 'bullish', description: 'golden cross', pattern: /\bgolden cross\b/i },
  { id: 'rate-cut', label: 'bullish', description: 'interest-rate cut (risk-on for crypto)', pattern: /\brate cuts?\b|\bcuts? (?:interest )?rates\b/i },
  { id: 'treasury-buy', label: 'bullish', description: 'company or fund buys / adds coins', pattern: /\b(?:buys?|bought|adds?|added|acquires?|acquired|purchases?|purchased)\b[^.]{0,30}\b(?:BTC|bitcoin|ETH|ether|SOL|XRP)\b/i },
  { id: 'partnership', label: 'bullish', description: 'partnership / integration', pattern: /\bpartner(?:s|ship|ships|ed)?\b|\bintegrat(?:es|ion)\b/i },
  { id: 'listing', label: 'bullish', description: 'exchange listing', pattern: /\b(?:lists|listed on|listing on|to list|will list)\b/i },
  { id: 'airdrop', label: 'bullish', description: 'airdrop', pattern: /\bairdrops?\b/i },
  { id: 'mainnet-launch', label: 'bullish', description: 'mainnet launch / upgrade goes live', pattern: /\bmainnet\b[^.]{0,20}\b(?:launch\w*|live)\b|\bupgrade goes live\b/i },
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
