import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { EvidenceCoverage } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { coverageSpan, CoverageText } from './CoverageNote';

initI18nForTests('en-US');

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const data: EvidenceCoverage = {
  as_of: day('2025-08-02'),
  coins: 3,
  series: [
    { symbol: 'BTC', timeframe: '5m', first: day('2025-04-01'), last: day('2025-08-02') },
    { symbol: 'BTC', timeframe: '1h', first: day('2022-01-01'), last: day('2025-08-02') },
    { symbol: 'BTC', timeframe: '1d', first: day('2017-08-17'), last: day('2025-08-01') },
    { symbol: 'ETH', timeframe: '1d', first: day('2017-08-17'), last: day('2025-08-01') },
    { symbol: 'TRUMP', timeframe: '1h', first: day('2025-01-19'), last: day('2025-08-02') },
    { symbol: 'TRUMP', timeframe: '1d', first: day('2025-01-19'), last: day('2025-08-01') },
  ],
};

describe('the survivorship and coverage note', () => {
  it('names the universe, that dead coins are absent, and the latest-starting series (en-US)', () => {
    render(<CoverageText data={data} lang="en-US" t={i18next.getFixedT('en-US', 'signals')} />);
    const note = screen.getByTestId('coverage-note');
    expect(note.textContent).toContain('Measured on the 3 coins the app ships today');
    expect(note.textContent).toContain('Coins that died or were delisted before (LUNA, FTT and others) are absent');
    expect(note.textContent).toContain('survivorship bias');
    expect(note.textContent).toContain('Series start at different dates: the earliest on 17 Aug 2017, the coin that starts last (TRUMP) on 19 Jan 2025');
    const rows = within(screen.getByTestId('coverage-table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['Coin5m1h1d', 'BTC1 Apr 20251 Jan 202217 Aug 2017', 'ETH——17 Aug 2017', 'TRUMP—19 Jan 202519 Jan 2025']);
  });

  it('gives the first candle of each series of one coin, in Chinese', () => {
    render(<CoverageText data={data} symbol="TRUMP" lang="zh-CN" t={i18next.getFixedT('zh-CN', 'signals')} />);
    const text = screen.getByTestId('coverage-note').textContent!;
    expect(text).toContain('基于本应用当前附带的 3 个币种计算');
    expect(text).toContain('幸存者偏差');
    expect(text).toContain('TRUMP：1 小时 K 线自 2025年1月19日起，1 天 K 线自 2025年1月19日起。');
  });

  it('finds the latest start and the earliest first candle', () => {
    // TRUMP's history starts last, although BTC's 5m series starts later than TRUMP's first candle
    expect(coverageSpan(data.series)).toEqual({ latest: { symbol: 'TRUMP', first: day('2025-01-19') }, earliest: day('2017-08-17') });
    expect(coverageSpan([])).toBeNull();
  });
});
