import { describe, expect, it } from 'vitest';
import { axisPriceFormat, CHART_PALETTES, chartOptions, levelLineOptions, priceAxisWidth, reservedPriceAxisWidth } from './KlineChart';

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

  it('reserve the price axis width given, none by default', () => {
    expect(chartOptions(CHART_PALETTES.light, 390, 420, 'en-US', 76).rightPriceScale?.minimumWidth).toBe(76);
    expect(chartOptions(CHART_PALETTES.light, 390, 420, 'en-US').rightPriceScale?.minimumWidth).toBe(0);
  });
});

describe('price axis width', () => {
  it("is lightweight-charts' own: 56 px for an axis without labels, 76 px for BTC's labels at 11 px", () => {
    // widths read from the chart's canvases in Chromium: empty 56, with BTC candles 76 (labels of ~54–55 px)
    expect(priceAxisWidth(34)).toBe(56);
    expect(priceAxisWidth(54.5)).toBe(76);
    expect(priceAxisWidth(54.9)).toBe(76);
    expect(priceAxisWidth(55.9)).toBe(78);
  });

  it('is reserved for the wider of the price and 1.25 × it, never below the empty axis', () => {
    const perChar = (text: string) => text.length * 6;
    // "105,234.56" (10 chars) and "131,543.20" (10): 60 px
    expect(reservedPriceAxisWidth(105_234.56, perChar)).toBe(priceAxisWidth(60));
    // 90,000 → 112,500.00: the upper ticks have a digit more
    expect(reservedPriceAxisWidth(90_000, perChar)).toBe(priceAxisWidth(60));
    // "0.2234" and "0.2793" (6 chars): 36 px
    expect(reservedPriceAxisWidth(0.2234, perChar)).toBe(priceAxisWidth(36));
    // "1.00" (24 px) would make the axis narrower than the empty chart's: held at 56 px
    expect(reservedPriceAxisWidth(1, perChar)).toBe(56);
  });

  it('reserves nothing for an unknown price or without text metrics', () => {
    const perChar = (text: string) => text.length * 6;
    for (const p of [null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(reservedPriceAxisWidth(p, perChar)).toBe(0);
    expect(reservedPriceAxisWidth(105_234.56, () => 0)).toBe(0);
  });
});

describe('the price axis on a phone', () => {
  it('writes prices of 1,000 and more without decimals on a narrow chart, and as everywhere else on a wide one', () => {
    const phone = axisPriceFormat(358);
    expect(phone(103905.5)).toBe('103,906');
    expect(phone(2552.31)).toBe('2,552');
    expect(phone(3.8612)).toBe('3.86');
    expect(phone(0.0000139)).toBe('0.0₄1390');
    expect(axisPriceFormat(900)(103905.5)).toBe('103,905.50');
  });

  it('reserves a narrower axis for BTC on a phone (the ".50" took a quarter of the chart)', () => {
    const measure = (s: string) => s.length * 7;
    expect(reservedPriceAxisWidth(103905.5, measure, axisPriceFormat(358))).toBeLessThan(reservedPriceAxisWidth(103905.5, measure));
  });

  it('leaves the level tags off a narrow chart\'s price axis, where they covered its tick labels', () => {
    const line = { price: 103905.5, color: '#f00', title: 'Resistance' };
    expect(levelLineOptions(line, 358)).toMatchObject({ axisLabelVisible: false, title: 'Resistance', price: 103905.5 });
    expect(levelLineOptions(line, 900).axisLabelVisible).toBe(true);
  });
});
