import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { canonicalBody, checkLink, entryHash, firstDifference, GENESIS_HASH } from './record-chain';

describe('record chain', () => {
  it('bodies are RFC 8785 canonical JSON: keys sorted, no white space, numbers as ECMAScript prints them', () => {
    expect(canonicalBody({ b: 1, a: [true, null, 'x'], c: { z: 1e21, y: 0.1 + 0.2, x: -0 } })).toBe('{"a":[true,null,"x"],"b":1,"c":{"x":0,"y":0.30000000000000004,"z":1e+21}}');
    // The same statement built in another key order hashes the same.
    expect(entryHash(GENESIS_HASH, canonicalBody({ kind: 'signal', ref: '1', p: 0.5 }))).toBe(entryHash(GENESIS_HASH, canonicalBody({ p: 0.5, ref: '1', kind: 'signal' })));
    expect(() => canonicalBody({ x: Number.NaN })).toThrow();
  });

  it('an entry hash is SHA-256 of the previous hash, a newline and the body (UTF-8, lower-case hex)', () => {
    const body = '{"kind":"news_mark","title":"比特币"}';
    expect(entryHash(GENESIS_HASH, body)).toBe(createHash('sha256').update(Buffer.from(`${'0'.repeat(64)}\n${body}`, 'utf8')).digest('hex'));
    expect(entryHash(GENESIS_HASH, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('checkLink names a gap, a broken link and an edited entry', () => {
    const b1 = canonicalBody({ n: 1 });
    const e1 = { seq: 1, kind: 'signal', ref: '1', stated_at: 0, appended_at: 0, body: b1, prev_hash: GENESIS_HASH, hash: entryHash(GENESIS_HASH, b1) };
    const b2 = canonicalBody({ n: 2 });
    const e2 = { ...e1, seq: 2, ref: '2', body: b2, prev_hash: e1.hash, hash: entryHash(e1.hash, b2) };
    expect(checkLink(e1, null)).toBeNull();
    expect(checkLink(e2, e1)).toBeNull();
    expect(checkLink({ ...e2, seq: 3 }, e1)).toBe('seq_gap');
    expect(checkLink({ ...e2, prev_hash: GENESIS_HASH }, e1)).toBe('prev_hash');
    expect(checkLink({ ...e2, body: canonicalBody({ n: 3 }) }, e1)).toBe('hash');
  });

  it('firstDifference names the first differing field with both values', () => {
    expect(firstDifference('{"a":1,"b":2}', '{"a":1,"b":2}')).toBeNull();
    expect(firstDifference('{"a":1,"b":2,"c":3}', '{"a":1,"b":5,"c":4}')).toEqual({ field: 'b', chained: '2', current: '5' });
    expect(firstDifference('{"a":1}', '{"a":1,"x":"y"}')).toEqual({ field: 'x', chained: undefined, current: '"y"' });
  });
});
