import { z } from 'zod';
import { LangParam, resultOf } from '../common/envelope';

/** Plan keys. `free` is everyone's default; the Pro plans are bought on-chain. */
export const PlanKey = z.enum(['free', 'pro_monthly', 'pro_yearly']);
export type PlanKey = z.infer<typeof PlanKey>;
/** Plans that can be paid for. */
export const PaidPlanKey = z.enum(['pro_monthly', 'pro_yearly']);
export type PaidPlanKey = z.infer<typeof PaidPlanKey>;
export const PlanType = z.enum(['Subscription', 'OneTime']);
export const PlanTier = z.enum(['Basic', 'Pro']);
export const PlanPeriod = z.enum(['Free', 'Monthly', 'Yearly']);

/**
 * One plan as shown on the pricing page. `price` is a decimal string in US dollars, paid 1:1 in a
 * USD stablecoin (USDT or USDC); `days` is the membership length one payment adds (0 for free).
 * `strategyPerDay` / `qaPerDay` are the daily quotas (UTC day). Name, description and perks are in
 * the requested language.
 */
export const SubscriptionPlan = z.object({
  key: PlanKey,
  type: PlanType,
  tier: PlanTier,
  period: PlanPeriod,
  price: z.string(),
  currency: z.literal('USD'),
  days: z.number().int(),
  strategyPerDay: z.number().int(),
  qaPerDay: z.number().int(),
  /** Alert rules that may be active at once (Free 5, Pro 200). */
  alertRulesActive: z.number().int(),
  /** Webhook endpoints a user may keep (Free 3, Pro 20). */
  webhookEndpoints: z.number().int(),
  /** Screener screens a user may keep saved (Free 1, Pro 20); their enter alerts count as alert rules. */
  savedScreens: z.number().int(),
  name: z.string(),
  description: z.string(),
  perks: z.array(z.string()),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

/** An accepted ERC-20 token on a network. `contract` is the checksummed address; `decimals` its base-unit exponent. */
export const PaymentToken = z.object({ symbol: z.string(), contract: z.string(), decimals: z.number().int() });
export type PaymentToken = z.infer<typeof PaymentToken>;

/** A network payments can be made on (only networks with an RPC URL and a merchant address are listed). */
export const PaymentNetwork = z.object({
  network: z.string(),
  name: z.string(),
  chain_id: z.number().int(),
  recipient: z.string(),
  explorer_url: z.string().nullable(),
  native_currency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  rpc_urls: z.array(z.string()),
  tokens: z.array(PaymentToken),
});
export type PaymentNetwork = z.infer<typeof PaymentNetwork>;

// GET /api/payment/subscription_plans?lang
export const GetSubscriptionPlansQuery = z.object({ lang: LangParam.optional().default('en-US') });
export const SubscriptionPlansResult = z.object({
  plans: z.array(SubscriptionPlan),
  /** false when no network has an RPC URL and merchant address (`CHAINS`): the page says payments are not configured. */
  payments_enabled: z.boolean(),
  networks: z.array(PaymentNetwork),
  /** Block confirmations a payment needs before it is credited. */
  confirmations: z.number().int(),
});
export type SubscriptionPlansResult = z.infer<typeof SubscriptionPlansResult>;
export const GetSubscriptionPlansResponse = resultOf(SubscriptionPlansResult);

/** Daily quota kinds. */
export const UsageKind = z.enum(['qa_per_day', 'strategy_per_day']);
export type UsageKind = z.infer<typeof UsageKind>;

// GET /api/users/usage/qa_per_day, GET /api/users/usage/strategy_per_day
/** `remaining = limit − used` (never below 0); counters reset at `reset_at` (next UTC midnight, ISO 8601). */
export const Usage = z.object({ limit: z.number().int(), used: z.number().int(), remaining: z.number().int(), reset_at: z.string() });
export type Usage = z.infer<typeof Usage>;
export const GetUsageResponse = resultOf(Usage);
/** Path parameter of GET /api/users/usage/{kind}. */
export const UsageParams = z.object({ kind: UsageKind });

// GET /api/payment/subscription (signed in)
/** Membership status and its history; dates ISO 8601 UTC. */
export const SubscriptionStatus = z.object({
  isPro: z.boolean(),
  subscription_start_date: z.string().nullable(),
  latestEndDate: z.string().nullable(),
  history: z.array(z.object({ plan: z.string(), source: z.string(), start_date: z.string(), end_date: z.string(), network: z.string().nullable(), token_type: z.string().nullable(), total_cost: z.string().nullable() })),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const SubscriptionStatusResponse = resultOf(SubscriptionStatus);
