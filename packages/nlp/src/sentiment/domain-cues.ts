/**
 * Crypto-market cues of a headline, English and Chinese, as classifier features (feature group 3 of
 * the v2 model). A cue is a short string token, the same token for both languages, so that what the
 * model learns from English rows also applies to Chinese ones and vice versa:
 *
 *  - `up` / `down`: a price-move verb ("surges", "slides", "holds above", "breaks below", 飙升, 跌破…);
 *    negated moves ("fails to break", "not rally") give `negup` / `negdown`;
 *  - `lead_up` / `lead_down`: the first move cue of the headline (usually the main clause);
 *  - `r_<rule id>`: a crypto rule of {@link CRYPTO_RULES} that fires (hack, ETF inflows, liquidations…),
 *    or the Chinese equivalent;
 *  - `question`: the headline asks a question (a hedge: often neutral);
 *  - `hedge`: may / could / 或 / 有望 … (a forecast rather than a fact);
 *  - `pct_up` / `pct_down`: a signed percentage or a number with a direction word;
 *  - with `order` (model setting `orderCues`, {@link orderCues}): `main_up` / `main_down` for the moves of
 *    the main clause when the headline has a concessive or background clause ("despite", "amid", "but",
 *    尽管 / 虽然 / 但 / 仍), `conc_up` / `conc_down` for the moves of that other clause, `last_up` /
 *    `last_down` for the last move, and `fade_up` / `fade_down` for a failed or faded move ("fails to
 *    hold", "pares gains", "涨幅收窄", "反弹受阻") and a recovered fall ("跌幅收窄", "插针后收回").
 *
 * Pure and deterministic; written for this project.
 */
import { CRYPTO_RULES, isCryptoText } from './crypto-rules.js';

const UP_EN =
  /\b(?:surg\w*|soar\w*|skyrocket\w*|rocket\w*|rall(?:y|ies|ied|ying)|jump\w*|climb\w*|ris(?:e|es|ing)|rose|gain(?:s|ed|ing)?|spik(?:e|es|ed|ing)|rebound\w*|bounc\w*|recover\w*|reclaim\w*|pump(?:s|ed|ing)?|explod\w*|breakout|breaks? out|moon\w*|rip(?:s|ped)?|outperform\w*|upside|higher|uptrend|new highs?|record highs?|all[- ]time highs?|flips?|eyes?|targets?|(?:holds?|held|stays?|stable|steady|consolidat\w*|hover\w*)\s+(?:above|over)|(?:breaks?|broke|push(?:es)?|climbs?|tops?|crosses|crossed)\s+(?:above|past|through|over)|accumulat\w*|buy(?:s|ing)?|bought|adds?|added|inflows?|approv\w*|adopt\w*|launch\w*|partner\w*|integrat\w*|bullish|bulls?|rall(?:y|ies)|uptick|green)\b/gi;
const DOWN_EN =
  /\b(?:slid\w*|slump\w*|plung\w*|plummet\w*|crash\w*|tumbl\w*|sink\w*|sank|drop\w*|fall(?:s|ing)?|fell|declin\w*|dip(?:s|ped|ping)?|dump\w*|retreat\w*|slip\w*|sheds?|loses?|lost|tank\w*|sell[- ]?offs?|selloffs?|sell(?:s|ing)?\s+off|bleed\w*|correct(?:s|ion|ing)|downside|lower|downtrend|new lows?|(?:breaks?|broke|slips?|falls?|drops?|dips?|sinks?)\s+(?:below|under)|(?:below|under)\s+(?:key\s+)?support|outflows?|liquidat\w*|hack\w*|exploit\w*|stolen|drain\w*|warn\w*|risk\w*|fears?|bearish|bears?|red|pressure|capitulat\w*|crackdown|lawsuit|sue[sd]?|ban(?:s|ned)?|delist\w*|unlock\w*|reject\w*|delay\w*)\b/gi;
const NEG_EN = /\b(?:no|not|never|fails? to|failed to|failing to|struggl\w* to|can't|cannot|won't|unable to|without|despite)\s+(?:\w+\s+){0,2}$/i;
const HEDGE_EN = /\b(?:may|might|could|would|potential(?:ly)?|possible|possibly|likely|if|predict\w*|forecast\w*|expect\w*|analyst says?|says)\b/i;

/** Chinese move words (price up / down), longest first where one contains another. */
const UP_ZH = ['暴涨', '大涨', '飙升', '猛涨', '急涨', '上涨', '上扬', '走高', '拉升', '反弹', '回升', '收复', '突破', '站上', '站稳', '守住', '企稳', '新高', '创纪录', '净流入', '流入', '获批', '批准', '利好', '增持', '买入', '购入', '囤', '合作', '上线', '推出', '采用', '看涨', '牛市', '涨'];
const DOWN_ZH = ['暴跌', '大跌', '急跌', '下跌', '下挫', '走低', '跳水', '闪崩', '崩盘', '回落', '回调', '跌破', '失守', '新低', '净流出', '流出', '被盗', '黑客', '攻击', '漏洞', '清算', '爆仓', '下架', '起诉', '诉讼', '诈骗', '跑路', '禁止', '禁令', '破产', '利空', '减持', '抛售', '抛压', '死叉', '看跌', '熊市', '解锁', '警告', '风险', '承压', '拒绝', '推迟', '跌'];
const NEG_ZH = /(?:未能|未|没有|没|无法|难以|不|并非)$/;
const HEDGE_ZH = /或将|或|可能|有望|预计|预测|料将|恐将|将|若|如果|分析师/;

/** Chinese phrases that stand for an English crypto rule (same `r_<id>` cue). */
const ZH_RULES: readonly [string, RegExp][] = [
  ['etf-rejected-or-delayed', /ETF[^，。]{0,12}(?:被拒|拒绝|否决|推迟|延迟)|(?:拒绝|否决|推迟|延迟)[^，。]{0,12}ETF/],
  ['short-liquidations', /空头[^，。]{0,6}(?:清算|爆仓|被轧)|轧空|逼空/],
  ['liquidations', /清算|爆仓/],
  ['hack-exploit', /黑客|被盗|漏洞|攻击|盗取|被黑/],
  ['rug-pull', /跑路|卷款/],
  ['scam-fraud', /诈骗|欺诈|庞氏/],
  ['delisting', /下架/],
  ['regulator-sues', /(?:SEC|CFTC|司法部|监管)[^，。]{0,10}(?:起诉|指控|诉讼)/],
  ['ban', /禁止|禁令|打击/],
  ['insolvency', /暂停提[现币款]|资不抵债|破产/],
  ['outflows', /流出/],
  ['sell-off', /抛售|砸盘|清仓|出售[^，。]{0,10}(?:比特币|以太坊|BTC|ETH|持仓)/],
  ['token-unlock', /代币解锁|解锁[^，。]{0,12}代币/],
  ['death-cross', /死叉/],
  ['etf-approval', /ETF[^，。]{0,12}(?:获批|批准|通过|上市)|(?:批准|通过)[^，。]{0,12}ETF/],
  ['inflows', /流入/],
  ['all-time-high', /历史新高|创新高|纪录高位|新高/],
  ['golden-cross', /金叉/],
  ['rate-cut', /降息/],
  ['treasury-buy', /(?:买入|增持|购入|收购|购买|囤)[^，。]{0,10}(?:比特币|以太坊|BTC|ETH|SOL|XRP)/],
  ['partnership', /合作|集成|整合/],
  ['listing', /上线|上架|上币/],
  ['airdrop', /空投/],
  ['mainnet-launch', /主网[^，。]{0,6}(?:上线|启动)|升级[^，。]{0,4}(?:生效|完成)/],
];

/** Id of the first crypto rule whose Chinese phrase occurs in `text` (ZH_RULES order), or null. */
export function matchChineseRuleId(text: string): string | null {
  for (const [id, re] of ZH_RULES) {
    const m = re.exec(text);
    if (m && !NEG_ZH.test(text.slice(Math.max(0, m.index - 3), m.index))) return id;
  }
  return null;
}

function englishCues(text: string): string[] {
  const out: string[] = [];
  const moves: { at: number; dir: 'up' | 'down'; neg: boolean }[] = [];
  for (const [re, dir] of [[UP_EN, 'up'], [DOWN_EN, 'down']] as const) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) moves.push({ at: m.index, dir, neg: NEG_EN.test(text.slice(Math.max(0, m.index - 30), m.index)) });
  }
  moves.sort((a, b) => a.at - b.at);
  for (const m of moves) out.push((m.neg ? 'neg' : '') + m.dir);
  const lead = moves.find((m) => !m.neg);
  if (lead) out.push('lead_' + lead.dir);
  if (isCryptoText(text)) for (const r of CRYPTO_RULES) if (r.pattern.test(text)) out.push('r_' + r.id);
  if (/\?\s*$|\?\s+[-–—|]/.test(text)) out.push('question');
  if (HEDGE_EN.test(text)) out.push('hedge');
  if (/(?:\+\d|\bup\s+\d[\d.,]*\s?%)/i.test(text)) out.push('pct_up');
  if (/(?:-\d[\d.,]*\s?%|\bdown\s+\d[\d.,]*\s?%)/i.test(text)) out.push('pct_down');
  return out;
}

function chineseCues(text: string, more: readonly (readonly [string, 'up' | 'down'])[] = []): string[] {
  const out: string[] = [];
  const moves: { at: number; dir: 'up' | 'down'; neg: boolean }[] = [];
  const taken = new Array<boolean>(text.length).fill(false);
  // longest words first so 暴涨 is one cue, not 暴涨 + 涨
  const words = [...UP_ZH.map((w) => [w, 'up'] as const), ...DOWN_ZH.map((w) => [w, 'down'] as const), ...more].sort((a, b) => b[0].length - a[0].length);
  for (const [w, dir] of words) {
    for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + w.length)) {
      if (taken.slice(i, i + w.length).some(Boolean)) continue;
      for (let j = i; j < i + w.length; j++) taken[j] = true;
      moves.push({ at: i, dir, neg: NEG_ZH.test(text.slice(Math.max(0, i - 3), i)) });
    }
  }
  moves.sort((a, b) => a.at - b.at);
  for (const m of moves) out.push((m.neg ? 'neg' : '') + m.dir);
  const lead = moves.find((m) => !m.neg);
  if (lead) out.push('lead_' + lead.dir);
  for (const [id, re] of ZH_RULES) if (re.test(text)) out.push('r_' + id);
  if (/[?？]\s*$|[?？]\s*[-–—|｜]/.test(text)) out.push('question');
  if (HEDGE_ZH.test(text)) out.push('hedge');
  if (/\+\d|(?:涨|升)[^，。\d]{0,4}\d[\d.,]*\s?%/.test(text)) out.push('pct_up');
  if (/-\d[\d.,]*\s?%|(?:跌|降)[^，。\d]{0,4}\d[\d.,]*\s?%/.test(text)) out.push('pct_down');
  return out;
}

/**
 * The cues of one headline (see the file header), in order of appearance for the move cues.
 * Chinese text (any CJK ideograph present) uses the Chinese tables, plus the English ones for the
 * Latin parts ("ETF", tickers). `order` adds {@link orderCues}. Never throws.
 */
export function domainCues(text: string, order = false): string[] {
  const hasCjk = /[\u3400-\u9fff]/.test(text);
  const extra = order ? orderCues(text) : [];
  if (!hasCjk) return [...englishCues(text), ...extra];
  const latin = text.replace(/[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+/g, ' ');
  return [...chineseCues(text), ...englishCues(latin).filter((c) => c.startsWith('r_')), ...extra];
}

/** English markers after which the clause is concessive or background (the main clause is the rest). */
const CONC_EN = /\b(?:despite|in spite of|even as|even though|although|though|while|amid|amidst|as)\b/i;
/** English markers after which the clause is the main one ("…, but …"). */
const MAIN_EN = /(?:\bbut\b|\bhowever\b|\byet\b|\bstill\b)/i;
/** Failed or faded up-moves, recovered down-moves (English). */
const FADE_UP_EN = /\b(?:fails? to (?:hold|break|reclaim|sustain|clear|top)|failed to (?:hold|break|reclaim|sustain|clear|top)|struggl\w* to (?:hold|break|reclaim|sustain|rally)|pares? (?:gains|rally)|erases? (?:gains|rally)|gives? back (?:gains|the gains)|giving back gains|fizzl\w*|fades?|faded|fading|rally attempt fails|rejected at|rejection at|early gains fade)\b/i;
const FADE_DOWN_EN = /\b(?:shrugs? off|defie?s|defying|pares? (?:losses|declines?)|recovers? (?:losses|from)|rebounds? from|bounces? (?:back|off)|holds? steady|resilien\w*|still holds?)\b/i;
/** Chinese clause markers: concessive (the main clause follows after the comma) and main-clause markers. */
const CONC_ZH = /(?:尽管|虽然|虽|即使|即便)/;
const MAIN_ZH = /(?:但是|但|然而|不过|却|仍然|仍|依然)/;
const FADE_UP_ZH = /(?:涨幅收窄|冲高回落|回吐|反弹受阻|受阻|突破失败|反弹失败|反弹无力|未能突破|未能站稳|未能守住|未能收复|难以突破|随后回落|遭遇[^，。]{0,4}抛压)/;
const FADE_DOWN_ZH = /(?:跌幅收窄|(?:插针|跌)[^，。]{0,12}后(?:迅速|快速)?(?:收回|反弹|回升|拉回)|收复[^，。]{0,4}(?:失地|跌幅)|并未[^，。]{0,4}下跌|逆势上涨|守住)/;

/** Chinese move words read only for the order cues (快讯 terms of a sequence of moves). */
const ORDER_WORDS_ZH: readonly (readonly [string, 'up' | 'down'])[] = [
  ['插针', 'down'], ['收回', 'up'], ['抄底', 'up'], ['吸筹', 'up'], ['轧空', 'up'], ['回购', 'up'], ['销毁', 'up'],
  ['回吐', 'down'], ['受阻', 'down'], ['腰斩', 'down'], ['归零', 'down'], ['脱锚', 'down'], ['宕机', 'down'], ['增发', 'down'], ['充值', 'down'], ['提币', 'up'],
];

/** Direction of each move word in `part` (English or Chinese tables), negated moves dropped. */
function partMoves(part: string): ('up' | 'down')[] {
  const cues = /[\u3400-\u9fff]/.test(part) ? chineseCues(part, ORDER_WORDS_ZH) : englishCues(part);
  return cues.filter((c) => c === 'up' || c === 'down') as ('up' | 'down')[];
}

/**
 * Word-order cues of a headline (see the file header): which moves are in the main clause and which in
 * a concessive or background clause, the last move, and failed / faded moves. English and Chinese give
 * the same tokens. Pure; never throws.
 */
export function orderCues(text: string): string[] {
  const out: string[] = [];
  const zh = /[\u3400-\u9fff]/.test(text);
  let main = '';
  let conc = '';
  if (zh) {
    const c = CONC_ZH.exec(text);
    const m = MAIN_ZH.exec(text);
    if (c) {
      const comma = text.slice(c.index).search(/[，,；;]/);
      const end = comma < 0 ? text.length : c.index + comma;
      conc = text.slice(c.index + c[0].length, end);
      main = text.slice(0, c.index) + text.slice(end);
    } else if (m && m.index > 0) {
      conc = text.slice(0, m.index);
      main = text.slice(m.index + m[0].length);
    }
  } else {
    const m = MAIN_EN.exec(text);
    const c = CONC_EN.exec(text);
    if (m && m.index > 0 && (!c || m.index < c.index || /\bas\b/i.test(c[0]))) {
      conc = text.slice(0, m.index);
      main = text.slice(m.index + m[0].length);
    } else if (c && c.index > 0) {
      const rest = text.slice(c.index);
      const stop = rest.slice(c[0].length).search(/[,;:|–—]/);
      const end = stop < 0 ? text.length : c.index + c[0].length + stop;
      conc = text.slice(c.index + c[0].length, end);
      main = text.slice(0, c.index) + text.slice(end);
    }
  }
  if (main) {
    for (const d of partMoves(main)) out.push('main_' + d);
    for (const d of partMoves(conc)) out.push('conc_' + d);
  }
  const all = partMoves(text);
  if (all.length > 1) out.push('last_' + all[all.length - 1]);
  if ((zh ? FADE_UP_ZH : FADE_UP_EN).test(text)) out.push('fade_up');
  if ((zh ? FADE_DOWN_ZH : FADE_DOWN_EN).test(text)) out.push('fade_down');
  return out;
}
