import { describe, expect, it } from 'vitest';
import { levelsAtPrice } from './levels';

const lvl = (price: number, distance_pct = 0) => ({ price, touches: 2, strength: 0.75, distance_pct });

describe('levelsAtPrice', () => {
  it('a resistance the live price has risen above becomes support (SOL 1h: 169.76 under 170.22)', () => {
    const r = levelsAtPrice([lvl(165.1)], [lvl(169.76), lvl(175)], 170.22);
    expect(r.resistance.map((l) => l.price)).toEqual([175]);
    expect(r.support.map((l) => l.price)).toEqual([169.76, 165.1]);
    expect(r.support[0].distance_pct).toBeCloseTo(((170.22 - 169.76) / 170.22) * 100, 8);
  });
  it('a support the price has fallen below becomes resistance, nearest first', () => {
    const r = levelsAtPrice([lvl(99), lvl(95)], [lvl(110)], 97);
    expect(r.resistance.map((l) => l.price)).toEqual([99, 110]);
    expect(r.support.map((l) => l.price)).toEqual([95]);
  });
  it('keeps the lists when the live price is unknown', () => {
    const s = [lvl(1)];
    const res = [lvl(2)];
    expect(levelsAtPrice(s, res, undefined)).toEqual({ support: s, resistance: res });
    expect(levelsAtPrice(s, res, 0)).toEqual({ support: s, resistance: res });
  });
});
