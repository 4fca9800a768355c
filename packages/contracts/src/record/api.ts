import { z } from 'zod';
import { ErrorResponse, resultOf } from '../common/envelope';
import { endpoint, GET } from '../api/endpoint';
import { EdgeStat } from '../signals/edge';

/**
 * The tamper-evident record: a SHA-256 hash chain over every statement (signal, stated probability,
 * strategy, news mark), its daily roots and its entries, so that anyone can recompute it.
 * `hash(n) = hex(SHA-256(UTF-8(hash(n−1) + "\n" + body(n))))`, `hash(0)` = 64 zeros, bodies in
 * RFC 8785 canonical JSON. Times are market-clock ms.
 */

/** One entry of the chain. */
export const RecordEntry = z.object({
  seq: z.number().int().min(1),
  /** `signal`, `probability`, `strategy` or `news_mark`. */
  kind: z.string(),
  /** Key of the source row (signal, forecast or strategy id; news item id). */
  ref: z.string(),
  stated_at: z.number(),
  appended_at: z.number(),
  /** Canonical JSON (RFC 8785) of the stated fields. */
  body: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
});
export type RecordEntry = z.infer<typeof RecordEntry>;

/** The root of one UTC day: the hash of the last entry appended by the day's end. */
export const RecordDayRoot = z.object({
  /** UTC day (YYYY-MM-DD) of the market clock at append. */
  day: z.string(),
  /** Entries appended that day. */
  entries: z.number().int(),
  /** Seq of the day's last entry: the root commits to entries 1..last_seq. */
  last_seq: z.number().int(),
  root: z.string(),
  last_appended_at: z.number(),
});
export type RecordDayRoot = z.infer<typeof RecordDayRoot>;

export const RecordRoots = z.object({
  algorithm: z.literal('sha256'),
  canonical_form: z.literal('RFC 8785'),
  /** prev_hash of entry 1. */
  genesis: z.string(),
  /** The last entry (null while the chain is empty). */
  head: RecordEntry.omit({ body: true }).nullable(),
  /** Newest day first. */
  days: z.array(RecordDayRoot),
});
export type RecordRoots = z.infer<typeof RecordRoots>;
export const GetRecordRootsResponse = resultOf(RecordRoots);

export const RecordEntriesQuery = z.object({
  /** Entries with seq greater than this (0: from the first). */
  after_seq: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(5000).default(1000),
});
export const RecordEntries = z.object({ entries: z.array(RecordEntry), has_next: z.boolean() });
export type RecordEntries = z.infer<typeof RecordEntries>;
export const GetRecordEntriesResponse = resultOf(RecordEntries);

/**
 * News marks scored against price: each bullish / bearish mark of a coin on a news item, scored
 * at +1h and +24h (only once that horizon has passed on the market clock). A hit is a move in the
 * marked direction; the baseline is the share of all windows of the same length of the same coin,
 * over the same period, that moved that way.
 */
export const NewsRecordHorizon = z.enum(['1h', '24h']);
export type NewsRecordHorizon = z.infer<typeof NewsRecordHorizon>;
export const NewsRecordDimension = z.enum(['all', 'source', 'event_type', 'lang']);
export type NewsRecordDimension = z.infer<typeof NewsRecordDimension>;

/** Information coefficient: Spearman rank correlation of the signed mark (+1 bullish, −1 bearish) with the forward return. */
export const InformationCoefficient = z.object({
  /** −1..1; null with fewer than 3 marks or no variation. */
  value: z.number().nullable(),
  /**
   * 95 % interval (Fisher z with the Bonett–Wright variance, n taken as the number of episodes);
   * null with fewer than 4 episodes.
   */
  ci95: z.object({ lo: z.number(), hi: z.number() }).nullable(),
});
export type InformationCoefficient = z.infer<typeof InformationCoefficient>;

export const NewsRecordRow = z.object({
  /** Source name, event type, language (en, zh), or `all`. */
  key: z.string(),
  bullish: z.number().int(),
  bearish: z.number().int(),
  /** Hit rate against the baseline, edge and its episode-based interval, Holm-corrected within the table. */
  edge: EdgeStat,
  ic: InformationCoefficient,
  /** Mean forward return after the marks, signed by the mark (percent; > 0: moves went the marked way). */
  mean_signed_move_pct: z.number().nullable(),
});
export type NewsRecordRow = z.infer<typeof NewsRecordRow>;

export const NewsRecordTable = z.object({
  dimension: NewsRecordDimension,
  horizon: NewsRecordHorizon,
  rows: z.array(NewsRecordRow),
});
export type NewsRecordTable = z.infer<typeof NewsRecordTable>;

export const NewsRecordQuery = z.object({
  horizon: NewsRecordHorizon.optional(),
});
export const NewsRecord = z.object({
  /** Market-clock time (ms) the figures were computed at. */
  as_of: z.number(),
  /** Publication times (ms) of the first and last scored mark; null when none. */
  from: z.number().nullable(),
  to: z.number().nullable(),
  /** Marks scored per horizon, and marks still waiting for their horizon. */
  scored: z.record(z.string(), z.number().int()),
  pending: z.record(z.string(), z.number().int()),
  /** Coins with at least one scored mark. */
  coins: z.number().int(),
  tables: z.array(NewsRecordTable),
});
export type NewsRecord = z.infer<typeof NewsRecord>;
export const GetNewsRecordResponse = resultOf(NewsRecord);

// ---- endpoint descriptors: method, path and the schemas above ----------------------------------

const errors = { 400: ErrorResponse, 429: ErrorResponse, 503: ErrorResponse };

/** Tamper-evident record and news-record endpoints. */
export const recordApi = {
  getRecordRoots: endpoint(GET('/api/record/roots'), {
    tags: ['signals'],
    summary: 'Daily roots of the tamper-evident record: the SHA-256 hash-chain head at the end of each UTC day, with the head of the chain',
    response: { 200: GetRecordRootsResponse, ...errors },
  }),
  getRecordEntries: endpoint(GET('/api/record/entries'), {
    tags: ['signals'],
    summary: 'Entries of the tamper-evident record in chain order (canonical body, previous hash, hash), to recompute a published root',
    querystring: RecordEntriesQuery,
    response: { 200: GetRecordEntriesResponse, ...errors },
  }),
  getNewsRecord: endpoint(GET('/api/feeds/record'), {
    tags: ['feeds'],
    summary: 'News marks scored against price at +1h and +24h: hit rate against the base rate of the same coin, edge with an episode-based interval, information coefficient, per source, event type and language',
    querystring: NewsRecordQuery,
    response: { 200: GetNewsRecordResponse, ...errors },
  }),
};
