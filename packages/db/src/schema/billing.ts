import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Membership periods granted to a user: one row per purchase or trial. The
 * current window lives on `users.subscription_start_date / subscription_end_date`; this table is
 * the history (start, end, network, token type, total cost). Times are ms since epoch, wall time.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Plan key: `pro_monthly`, `pro_yearly`, or `invitation_trial`. */
    plan: text('plan').notNull(),
    /** `payment` or `invitation`. */
    source: text('source').notNull(),
    startDate: bigint('start_date', { mode: 'number' }).notNull(),
    endDate: bigint('end_date', { mode: 'number' }).notNull(),
    network: text('network'),
    tokenType: text('token_type'),
    /** Amount paid in token base units (decimal string), null for trials. */
    totalCost: text('total_cost'),
    orderId: text('order_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('subscriptions_user').on(t.userId), uniqueIndex('subscriptions_order').on(t.orderId)],
);

/**
 * On-chain payment orders. `amount` is the price in the token's base units (decimal string).
 * `walletAddress` is a wallet the user proved (linked to the account or SIWE-signed at creation).
 * Status: pending → confirming → paid | failed | expired | cancelled. A transaction hash is paid
 * on at most one order per chain (unique (chain_id, tx_hash) among paid orders), so a hash credits
 * at most once; reporting someone else's hash on one's own order blocks nobody (it fails there).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    network: text('network').notNull(),
    chainId: integer('chain_id').notNull(),
    tokenType: text('token_type').notNull(),
    tokenContract: text('token_contract').notNull(),
    decimals: integer('decimals').notNull(),
    amount: text('amount').notNull(),
    recipient: text('recipient').notNull(),
    walletAddress: text('wallet_address').notNull(),
    status: text('status').notNull(),
    txHash: text('tx_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    failureReason: text('failure_reason'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    /** The network's head block number when the order was created; only transfers mined in a later block count. Null for orders older than this column. */
    createdBlock: bigint('created_block', { mode: 'number' }),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    txSubmittedAt: bigint('tx_submitted_at', { mode: 'number' }),
    paidAt: bigint('paid_at', { mode: 'number' }),
  },
  (t) => [
    index('payment_orders_user').on(t.userId, t.createdAt),
    index('payment_orders_chain_tx').on(t.chainId, t.txHash),
    uniqueIndex('payment_orders_chain_tx_paid').on(t.chainId, t.txHash).where(sql`${t.status} = 'paid'`),
  ],
);

/** Daily usage counters (UTC day `YYYY-MM-DD`) per user and quota kind (`qa_per_day`, `strategy_per_day`). */
export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);

/**
 * Each user's own invitation code (created on first request). `state` is `active` or `inactive`
 * (disabled); `expiresAt` and `maxUses` are optional limits (null = none).
 */
export const invitationCodes = pgTable('invitation_codes', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  state: text('state').notNull().default('active'),
  expiresAt: bigint('expires_at', { mode: 'number' }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/** Who bound whose code; one row per invitee (a user binds at most one code). */
export const invitationBindings = pgTable('invitation_bindings', {
  inviteeId: integer('invitee_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  inviterId: integer('inviter_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

/**
 * Invitation trials granted: one per e-mail address ever (docs/decisions/040-invitation-trials.md).
 * `emailHash` is the SHA-256 (hex) of the canonical address (lower case, no `+tag`, Gmail without
 * dots), so another account of the same mailbox never gets a second trial.
 */
export const trialRedemptions = pgTable('trial_redemptions', {
  emailHash: text('email_hash').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  code: text('code').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});
