import { describe, expect, it } from 'vitest';
import { CHART_PALETTES, chartOptions } from './KlineChart';

describe('K-line chart options', () => {
  it("write the time axis and the crosshair's date in the app's language, not the browser's", () => {
    // lightweight-charts takes navigator.language when no locale is given: a zh-CN page in an
    // English browser showed English month names
    for (const locale of ['zh-CN', 'en-US']) expect(chartOptions(CHART_PALETTES.dark, 800, 420, locale).localization?.locale).toBe(locale);
  });

  it('take the size and the colours given', () => {
    const o = chartOptions(CHART_PALETTES.light, 390, 420, 'en-US');
    expect([o.width, o.height]).toEqual([390, 420]);
    expect(o.layout?.textColor).toBe(CHART_PALETTES.light.text);
    expect(o.grid?.horzLines?.color).toBe(CHART_PALETTES.light.grid);
  });
});
