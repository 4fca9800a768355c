import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { SignalTaResult, TrackRecordItem } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { DirectionVerdict } from './SignalCard';
import { SignalLogTable } from './TrackRecord';

initI18nForTests('en-US');

type Market = SignalTaResult['market'];
const market = (m: Partial<Market>): Pick<SignalTaResult, 'market'> => ({
  market: { trend: 'sideways', intense: 'weak', signals: [], cash_flow: 'neutral', volatility: 'medium', direction: 'bullish', ...m },
});

describe('DirectionVerdict: one direction per coin and timeframe', () => {
  it('shows one pill and a "Conflicting signals" state when both directions fired, with why it is not the trend', async () => {
    await act(() => i18next.changeLanguage('en-US'));
    render(<DirectionVerdict ta={market({ verdict: { reason: 'signals', bullish: 2, bearish: 1, trend_vote: 0, conflicting: true } })} />);
    expect(screen.getAllByText(/^(Bullish|Bearish|Neutral)$/)).toHaveLength(1);
    expect(screen.getByTestId('conflicting-signals').textContent).toBe('Conflicting signals');
    expect(screen.getByTestId('verdict-reason').textContent).toBe('No trend (Sideways): 2 bullish vs 1 bearish signals decide');
  });

  it('says nothing more when the verdict follows the trend beside it, and reads in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    const { container } = render(<DirectionVerdict ta={market({ trend: 'uptrend', verdict: { reason: 'trend', bullish: 1, bearish: 0, trend_vote: 2, conflicting: false } })} />);
    expect(container.querySelector('[data-testid="conflicting-signals"]')).toBeNull();
    expect(container.querySelector('[data-testid="verdict-reason"]')).toBeNull();
    render(<DirectionVerdict ta={market({ trend: 'uptrend', direction: 'bearish', verdict: { reason: 'against_trend', bullish: 0, bearish: 3, trend_vote: 2, conflicting: true } })} />);
    expect(screen.getByTestId('conflicting-signals').textContent).toBe('信号相互矛盾');
    expect(screen.getByTestId('verdict-reason').textContent).toContain('看跌 3 个');
    await act(() => i18next.changeLanguage('en-US'));
  });
});

describe('SignalLogTable: a candle firing opposite signals is marked', () => {
  const item = (id: number, label: string, direction: 'bullish' | 'bearish', candle: number): TrackRecordItem =>
    ({
      id, label, direction, name: { en: label, zh: label }, timeframe: '1h', candle_time: candle, fired_at: candle + 3_600_000, due_at: candle + 7 * 86_400_000,
      entry_price: 10, exit_price: null, move_pct: null, status: 'pending', origin: 'live',
      coin: { id: 1, slug: 'zcash', symbol: 'ZEC', name: 'Zcash', logo: null },
    }) as unknown as TrackRecordItem;

  it('ZEC "Fibonacci rejection" bearish with "MACD histogram rising" bullish on one candle: both rows say "Conflicting signals"', () => {
    render(
      <MemoryRouter>
        <SignalLogTable items={[item(1, 'fibonacci_retracement_rejection', 'bearish', 0), item(2, 'macd_histogram_rising', 'bullish', 0), item(3, 'golden_cross', 'bullish', 3_600_000)]} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('row-conflicting')).toHaveLength(2);
  });
});
