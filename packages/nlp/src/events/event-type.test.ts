import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyEventType, EVENT_TYPE_NAMES, EVENT_TYPES, type EventType } from './event-type.js';

const FIXTURE = JSON.parse(readFileSync(new URL('../../fixtures/event-types.json', import.meta.url), 'utf8')) as { text: string; type: EventType }[];

describe('classifyEventType', () => {
  it('tags every fixture headline (English and Chinese) with its hand-given type', () => {
    const wrong = FIXTURE.filter((f) => classifyEventType(f.text) !== f.type).map((f) => `${f.type} ← ${classifyEventType(f.text)}: ${f.text}`);
    expect(wrong).toEqual([]);
    expect(new Set(FIXTURE.map((f) => f.type))).toEqual(new Set(EVENT_TYPES));
  });

  it('is total: empty text is other, every type has both names', () => {
    expect(classifyEventType('')).toBe('other');
    expect(classifyEventType('   ')).toBe('other');
    for (const t of EVENT_TYPES) expect(EVENT_TYPE_NAMES[t].en && EVENT_TYPE_NAMES[t].zh).toBeTruthy();
  });
});

describe('meanInterval95', () => {
  it('is mean ± t·s/√n (Student t), null below two samples', async () => {
    const { meanInterval95, t975 } = await import('./event-study.js');
    expect(meanInterval95(1, 2, 1)).toBeNull();
    expect(meanInterval95(1, null, 5)).toBeNull();
    const [lo, hi] = meanInterval95(1, 2, 4)!;
    expect(hi - 1).toBeCloseTo((3.182 * 2) / 2, 9);
    expect(1 - lo).toBeCloseTo(hi - 1, 9);
    expect(t975(100)).toBe(1.96);
    expect(t975(1)).toBe(12.706);
  });
});
