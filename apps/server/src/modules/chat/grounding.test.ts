import { describe, expect, it } from 'vitest';
import { fmtPrice } from '../ai/format';
import { allowedNumbers, ungroundedNumbers } from './grounding';

describe('grounding of the assistant’s numbers', () => {
  const facts = { coin: 'PEPE', price: 0.0000130213, support: 0.0000128, change_pct: -2.4 };

  it('reads a subscript-zero price as one number and grounds it by the fact it renders', () => {
    expect(ungroundedNumbers('PEPE is at 0.0₄1302 USDT; support 0.0₄1280 (-2.4%).', facts)).toEqual([]);
    expect(ungroundedNumbers(`PEPE is at ${fmtPrice(facts.price)} USDT.`, facts)).toEqual([]);
  });

  it('grounds the plain decimal form of the same price too', () => {
    expect(ungroundedNumbers('PEPE is at 0.00001302 USDT.', facts)).toEqual([]);
  });

  it('reports a subscript-zero price no fact supports, whole', () => {
    expect(ungroundedNumbers('A target of 0.0₄1400, then 0.0₅9000.', facts)).toEqual(['0.0₄1400', '0.0₅9000']);
  });

  it('allows a fact string’s subscript-zero number in its plain form', () => {
    expect(allowedNumbers({ note: 'range 0.0₄1390 to 0.0₄1302' }).has('0.00001390')).toBe(true);
  });
});
