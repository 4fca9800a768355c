import { describe, expect, it } from 'vitest';
import { rangeOfLabel, ratePct, signalName } from './labels';

describe('signal labels', () => {
  it('names a signal in the locale, falling back to the raw label', () => {
    const name = { en: 'Golden cross', zh: '金叉' };
    expect(signalName(name, 'golden_cross', 'en-US')).toBe('Golden cross');
    expect(signalName(name, 'golden_cross', 'zh-CN')).toBe('金叉');
    expect(signalName(undefined, 'golden_cross', 'zh-CN')).toBe('golden_cross');
    expect(signalName({ en: '', zh: '' }, 'x_y', 'en-US')).toBe('x_y');
  });
  it('writes rates as whole percents and maps labels to chart ranges', () => {
    expect(ratePct(0.5834)).toBe('58 %');
    expect(ratePct(null)).toBe('—');
    expect(rangeOfLabel('1D')).toBe('1D');
    expect(rangeOfLabel('7D')).toBe('7D');
    expect(rangeOfLabel('1M')).toBe('1M');
  });
});
