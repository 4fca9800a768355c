import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tamper-evident record: a SHA-256 hash chain over every statement the product makes (a signal,
 * a stated probability, a strategy, a news mark), appended when the statement is stored.
 *  - `seq`: 1, 2, 3 … without gaps, in the order of appending (the chain's order).
 *  - `kind`: `signal` (signal_events), `probability` (probability_forecasts), `strategy`
 *    (strategy_records), `news_mark` (news_items' sentiment and per-coin trends); `ref`: the source
 *    row's key (the id as text). One entry per (kind, ref).
 *  - `body`: the canonical JSON (RFC 8785) of the stated fields of the row when it was appended.
 *  - `hash` = hex SHA-256 of (`prev_hash` + "\n" + `body`), UTF-8; the first entry's `prev_hash` is 64 zeros.
 *  - `statedAt`: market-clock time of the statement (ms); `appendedAt`: market-clock time of the append (ms),
 *    whose UTC day groups the published daily roots.
 */
export const recordEntries = pgTable(
  'record_entries',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    statedAt: bigint('stated_at', { mode: 'number' }).notNull(),
    appendedAt: bigint('appended_at', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('record_entries_ref_unique').on(t.kind, t.ref), index('record_entries_kind_seq_idx').on(t.kind, t.seq), index('record_entries_appended_idx').on(t.appendedAt)],
);
