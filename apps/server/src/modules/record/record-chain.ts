import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/**
 * The hash chain of the tamper-evident record, as an outsider recomputes it.
 *
 * - Body of an entry: the canonical JSON of the statement, RFC 8785 (JSON Canonicalization Scheme:
 *   object keys sorted by UTF-16 code units, no white space, numbers as ECMAScript prints them,
 *   strings with the minimal JSON escapes), written by the `canonicalize` package.
 * - Hash of entry n: `hex(SHA-256(UTF-8(hash(n−1) + "\n" + body(n))))`, lower-case hex; entry 1
 *   links to {@link GENESIS_HASH} (64 zeros).
 * - The root of a day is the hash of the last entry appended on or before that UTC day (the head of
 *   the chain at the day's end): it commits to every entry before it, so a root published once
 *   lets anyone detect a later change of any earlier entry.
 */

/** `prev_hash` of the first entry: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** Kinds of statement the record holds, in the order one append pass takes them. */
export const RECORD_KINDS = ['signal', 'probability', 'strategy', 'news_mark'] as const;
/** One of {@link RECORD_KINDS}. */
export type RecordKind = (typeof RECORD_KINDS)[number];

/** A JSON value a body may hold (numbers finite). */
export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/**
 * The canonical body of a statement (RFC 8785 JSON). Throws a TypeError on a value JSON cannot
 * hold (NaN, Infinity, undefined inside an array).
 */
export function canonicalBody(value: { [k: string]: Json }): string {
  const text = canonicalize(value);
  if (text === undefined) throw new TypeError('record body: not serialisable as JSON');
  return text;
}

/** Hash of an entry: lower-case hex SHA-256 of `prevHash + "\n" + body` (UTF-8). */
export function entryHash(prevHash: string, body: string): string {
  return createHash('sha256').update(`${prevHash}\n${body}`, 'utf8').digest('hex');
}

/** A stored entry of the chain (the columns of `record_entries`). */
export interface ChainEntry {
  seq: number;
  kind: string;
  ref: string;
  /** Market-clock time of the statement (ms). */
  stated_at: number;
  /** Market-clock time of the append (ms). */
  appended_at: number;
  body: string;
  prev_hash: string;
  hash: string;
}

/** Why an entry fails the link check of {@link checkLink} (null: it links). */
export type LinkProblem = 'seq_gap' | 'prev_hash' | 'hash' | null;

/**
 * Checks that `e` follows the entry `prev` (null for the first): its seq is prev's + 1 (1 for the
 * first), its prev_hash is prev's hash (the genesis hash for the first), and its hash is the
 * SHA-256 of its own prev_hash and body.
 */
export function checkLink(e: ChainEntry, prev: { seq: number; hash: string } | null): LinkProblem {
  if (e.seq !== (prev ? prev.seq + 1 : 1)) return 'seq_gap';
  if (e.prev_hash !== (prev ? prev.hash : GENESIS_HASH)) return 'prev_hash';
  if (e.hash !== entryHash(e.prev_hash, e.body)) return 'hash';
  return null;
}

/**
 * The first field (top-level key, in sorted order) whose value differs between two canonical
 * bodies, with both values as JSON text (undefined where absent); null when they are equal.
 */
export function firstDifference(chained: string, current: string): { field: string; chained: string | undefined; current: string | undefined } | null {
  if (chained === current) return null;
  const a = JSON.parse(chained) as Record<string, Json>;
  const b = JSON.parse(current) as Record<string, Json>;
  for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const x = k in a ? canonicalize(a[k]) : undefined;
    const y = k in b ? canonicalize(b[k]) : undefined;
    if (x !== y) return { field: k, chained: x, current: y };
  }
  return { field: '', chained, current };
}
