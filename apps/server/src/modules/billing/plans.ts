import type { Lang, PlanKey, SubscriptionPlan, UsageKind } from '@coinlens/contracts';

/** Membership length added by an invitation code (7 days). */
export const INVITATION_TRIAL_DAYS = 7;

interface PlanDef {
  key: PlanKey;
  type: SubscriptionPlan['type'];
  tier: SubscriptionPlan['tier'];
  period: SubscriptionPlan['period'];
  /** US dollars as a decimal string, paid 1:1 in USDT or USDC. */
  price: string;
  /** Membership days one payment adds (renewal extends from the current end date). */
  days: number;
  strategyPerDay: number;
  qaPerDay: number;
  /** Alert rules that may be active at once. */
  alertRulesActive: number;
  /** Webhook endpoints a user may keep (alert channel `webhook`). */
  webhookEndpoints: number;
  /** Screener screens a user may keep saved; an enter alert on one is an alert rule (counted in `alertRulesActive`). */
  savedScreens: number;
  text: Record<Lang, { name: string; description: string; perks: string[] }>;
}

const FREE_PERKS = {
  'en-US': ['News with AI interpretation and bullish/bearish marks', 'Coin basics and K-line charts', 'News impact analysis', 'Watchlist', 'Signals overview'],
  'zh-CN': ['AI 解读新闻及币种看涨/看跌标记', '币种基础信息与 K 线图', '新闻影响分析', '自选列表', '信号概览'],
};
const PRO_PERKS = {
  'en-US': ['Everything in Free', 'Personalised news filtering', 'Full AI technical analysis', 'AI trading strategies and signals', 'Followed coins in the global search'],
  'zh-CN': ['包含免费版全部功能', '个性化新闻筛选', '完整 AI 技术分析', 'AI 交易策略与信号', '全局搜索中显示自选币种'],
};
const quotaPerk = (lang: Lang, strategy: number, qa: number, alerts: number, webhooks: number, screens: number) =>
  lang === 'zh-CN'
    ? [`每日 ${strategy} 次策略生成`, `每日 ${qa} 次 AI 助手问答`, `最多 ${alerts} 条启用中的提醒`, `最多 ${webhooks} 个 Webhook 端点`, `最多保存 ${screens} 个筛选器`]
    : [`${strategy} strategies per day`, `${qa} assistant questions per day`, `Up to ${alerts} active alerts`, `Up to ${webhooks} webhook endpoints`, screens === 1 ? '1 saved screen' : `Up to ${screens} saved screens`];

/** A Pro plan: the Pro quotas (50 strategies, 100 questions a day) and the Pro perks; `price` in USD, `days` added per payment. */
function proPlan(key: PlanDef['key'], period: PlanDef['period'], price: string, days: number, text: Record<Lang, { name: string; description: string }>): PlanDef {
  return {
    key,
    type: 'Subscription',
    tier: 'Pro',
    period,
    price,
    days,
    strategyPerDay: 50,
    qaPerDay: 100,
    alertRulesActive: 200,
    webhookEndpoints: 20,
    savedScreens: 20,
    text: { 'en-US': { ...text['en-US'], perks: PRO_PERKS['en-US'] }, 'zh-CN': { ...text['zh-CN'], perks: PRO_PERKS['zh-CN'] } },
  };
}

/**
 * The plans (one config): Free, Pro monthly (19.9 USD, 30 days) and Pro yearly (199 USD, 365
 * days), with daily quotas. Pro members get the `pro_monthly` quotas whichever Pro plan they paid.
 */
export const PLANS: Record<PlanKey, PlanDef> = {
  free: {
    key: 'free',
    type: 'Subscription',
    tier: 'Basic',
    period: 'Free',
    price: '0',
    days: 0,
    strategyPerDay: 3,
    qaPerDay: 5,
    alertRulesActive: 5,
    webhookEndpoints: 3,
    savedScreens: 1,
    text: {
      'en-US': { name: 'Free', description: 'News, charts and the watchlist, with a few AI strategies and questions a day.', perks: FREE_PERKS['en-US'] },
      'zh-CN': { name: '免费版', description: '新闻、图表与自选列表，每天可用少量 AI 策略与问答。', perks: FREE_PERKS['zh-CN'] },
    },
  },
  pro_monthly: proPlan('pro_monthly', 'Monthly', '19.9', 30, {
    'en-US': { name: 'Pro · Monthly', description: 'Every analysis feature for 30 days.' },
    'zh-CN': { name: 'Pro · 月付', description: '30 天内使用全部分析功能。' },
  }),
  pro_yearly: proPlan('pro_yearly', 'Yearly', '199', 365, {
    'en-US': { name: 'Pro · Yearly', description: 'Every analysis feature for 365 days — two months free.' },
    'zh-CN': { name: 'Pro · 年付', description: '365 天内使用全部分析功能，相当于免费两个月。' },
  }),
};

/** The plans in display order, localised. */
export function listPlans(lang: Lang): SubscriptionPlan[] {
  return (['free', 'pro_monthly', 'pro_yearly'] as const).map((k) => {
    const p = PLANS[k];
    const t = p.text[lang];
    return {
      key: p.key,
      type: p.type,
      tier: p.tier,
      period: p.period,
      price: p.price,
      currency: 'USD',
      days: p.days,
      strategyPerDay: p.strategyPerDay,
      qaPerDay: p.qaPerDay,
      alertRulesActive: p.alertRulesActive,
      webhookEndpoints: p.webhookEndpoints,
      savedScreens: p.savedScreens,
      name: t.name,
      description: t.description,
      perks: [...t.perks, ...quotaPerk(lang, p.strategyPerDay, p.qaPerDay, p.alertRulesActive, p.webhookEndpoints, p.savedScreens)],
    };
  });
}

/** Daily limit of a quota for a member (`pro_monthly` limits) or a free user. */
export function dailyLimit(isPro: boolean, kind: UsageKind): number {
  const p = isPro ? PLANS.pro_monthly : PLANS.free;
  return kind === 'qa_per_day' ? p.qaPerDay : p.strategyPerDay;
}

/** Webhook endpoints a member (20) or a free user (3) may keep. */
export function webhookEndpointLimit(isPro: boolean): number {
  return (isPro ? PLANS.pro_monthly : PLANS.free).webhookEndpoints;
}

/** Alert rules a member (200) or a free user (5) may keep active at once. */
export function activeAlertLimit(isPro: boolean): number {
  return (isPro ? PLANS.pro_monthly : PLANS.free).alertRulesActive;
}

/** Screener screens a member (20) or a free user (1) may keep saved. */
export function savedScreenLimit(isPro: boolean): number {
  return (isPro ? PLANS.pro_monthly : PLANS.free).savedScreens;
}
