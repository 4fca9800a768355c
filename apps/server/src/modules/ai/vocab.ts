import type { Lang } from '@coinlens/contracts';

/** Picks the text of `lang`. */
export const L = (lang: Lang, en: string, zh: string): string => (lang === 'zh-CN' ? zh : en);

const TREND = { uptrend: ['uptrend', '上升趋势'], downtrend: ['downtrend', '下降趋势'], sideways: ['sideways', '横盘震荡'], reversal: ['possible reversal', '可能反转'] } as const;
const INTENSITY = { weak: ['weak', '弱'], medium: ['medium', '中等'], strong: ['strong', '强'], very_strong: ['very strong', '很强'], extremely_strong: ['extremely strong', '极强'] } as const;
const CASH = { neutral: ['neutral', '中性'], inflow: ['inflow', '流入'], outflow: ['outflow', '流出'] } as const;
const VOL = { low: ['low', '低'], medium: ['medium', '中'], high: ['high', '高'] } as const;
const WORDING = { very_unlikely: ['very unlikely', '极不可能'], unlikely: ['unlikely', '不太可能'], uncertain: ['uncertain', '不确定'], likely: ['likely', '可能'], very_likely: ['very likely', '很可能'] } as const;
const DIRECTION = { bullish: ['bullish', '看涨'], bearish: ['bearish', '看跌'], neutral: ['neutral', '中性'] } as const;
const TF = { '5m': ['5m', '5 分钟'], '1h': ['1h', '1 小时'], '1d': ['1d', '日线'] } as const;

const pick = (table: Record<string, readonly [string, string]>, key: string, lang: Lang) => (table[key] ? table[key][lang === 'zh-CN' ? 1 : 0] : key);

/** Localised names of the analysis attributes. */
export const vocab = {
  trend: (k: string, lang: Lang) => pick(TREND, k, lang),
  intensity: (k: string, lang: Lang) => pick(INTENSITY, k, lang),
  cash: (k: string, lang: Lang) => pick(CASH, k, lang),
  volatility: (k: string, lang: Lang) => pick(VOL, k, lang),
  wording: (k: string, lang: Lang) => pick(WORDING, k, lang),
  direction: (k: string, lang: Lang) => pick(DIRECTION, k, lang),
  tf: (k: string, lang: Lang) => pick(TF, k, lang),
};

/** The not-financial-advice line every AI text carries; `by` says who wrote the text (rules or a language model). */
export function disclaimer(lang: Lang, by: 'builtin' | 'model' = 'builtin'): string {
  if (by === 'model') return L(lang, 'Not financial advice: written by a language model from the data shown, and it can be wrong.', '不构成投资建议：内容由语言模型根据所示数据撰写，可能有误。');
  return L(lang, 'Not financial advice: built from market data and rules, and it can be wrong.', '不构成投资建议：内容基于市场数据与规则生成，可能有误。');
}

/**
 * Makes untrusted text (news titles) inert in markdown: one line, markdown syntax escaped, so a
 * title can never become a link, image, heading or HTML in an answer.
 */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#!|~]/g, (c) => `\\${c}`)
    .slice(0, 300);
}
