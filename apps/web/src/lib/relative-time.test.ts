import { describe, expect, it } from 'vitest';
import { formatTimeAgo, type RelativeUnit } from './relative-time';

describe('formatTimeAgo', () => {
  it('writes what Intl.RelativeTimeFormat (short) writes, in both languages', () => {
    for (const locale of ['en-US', 'en', 'en-GB', 'zh-CN', 'zh', 'zh-TW']) {
      const ref = new Intl.RelativeTimeFormat(locale.startsWith('zh') ? 'zh-CN' : 'en-US', { numeric: 'always', style: 'short' });
      for (const unit of ['minute', 'hour', 'day'] as RelativeUnit[])
        for (const n of [0, 1, 2, 5, 23, 59, 100, 999, 1000, 12_345, 1_234_567]) expect(formatTimeAgo(n, unit, locale), `${locale} ${n} ${unit}`).toBe(ref.format(-n, unit));
    }
  });

  it('leaves other languages to Intl', () => {
    expect(formatTimeAgo(3, 'hour', 'de-DE')).toBe(new Intl.RelativeTimeFormat('de-DE', { numeric: 'always', style: 'short' }).format(-3, 'hour'));
  });
});
