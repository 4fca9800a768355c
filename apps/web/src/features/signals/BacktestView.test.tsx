import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18next from 'i18next';
import type { Backtest, BacktestStats } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { BacktestView } from './BacktestView';

initI18nForTests('en-US');

const stats = (over: Partial<BacktestStats>): BacktestStats => ({
  trades: 0, wins: 0, win_rate: null, mean_return_pct: null, total_return_pct: 0, profit_factor: null, max_drawdown_pct: 0, skipped: 0, buy_hold_return_pct: 10,
  carried_over: 0, mean_ci_low_pct: null, mean_ci_high_pct: null, mean_ci_holm_low_pct: null, mean_ci_holm_high_pct: null, effective_n: null, p_value: 1, p_adjusted: 1, verdict: 'none', ...over,
});

/** One short pattern with no trades in the whole period (so no chart) but figures in each row. */
const data: Backtest = {
  coin: { id: 1, symbol: 'ETH', name: 'Ethereum' }, timeframe: '1d', horizon: 30, fee_pct: 0.1, holm_family: 3, stop: { kind: 'none' },
  from: 0, to: 86_400_000 * 100, split: 86_400_000 * 70, candles: 101,
  buy_hold: { all: 10, in_sample: 5, out_of_sample: 4 }, buy_hold_equity: [],
  patterns: [{
    label: 'rsi_overbought', name: { en: 'RSI overbought', zh: 'RSI 超买' }, direction: 'bearish', equity: [],
    all: stats({}),
    in_sample: stats({ trades: 28, wins: 17, win_rate: 0.607, mean_return_pct: -7.94, total_return_pct: -100, max_drawdown_pct: 100, mean_ci_low_pct: -23.68, mean_ci_high_pct: 7.8, mean_ci_holm_low_pct: -30.2, mean_ci_holm_high_pct: 14.3, effective_n: 28, p_value: 0.3, p_adjusted: 0.6 }),
    out_of_sample: stats({ trades: 10, wins: 4, win_rate: 0.4, mean_return_pct: -11.71, total_return_pct: -79.59, max_drawdown_pct: 79.6, carried_over: 2, mean_ci_low_pct: -27.87, mean_ci_high_pct: -4.45, mean_ci_holm_low_pct: -31.02, mean_ci_holm_high_pct: -2.4, effective_n: 7.5, p_value: 0.004, p_adjusted: 0.012, verdict: 'worse' }),
  }],
};

async function renderAt(lang: 'en-US' | 'zh-CN') {
  await act(() => i18next.changeLanguage(lang));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false, refetchInterval: false } } });
  client.setQueryData(['crypto', 'all'], [{ id: 1, slug: 'ethereum', symbol: 'ETH', name: 'Ethereum', timeframes: ['1d'] }]);
  client.setQueryData(['signals', 'coverage'], { as_of: 86_400_000 * 100, coins: 28, series: [{ symbol: 'ETH', timeframe: '1d', first: Date.parse('2017-08-17T00:00:00Z'), last: 86_400_000 * 99 }] });
  client.setQueryData(['signals', 'backtest', { coin: 'ethereum', timeframe: '1d', from: undefined, to: undefined, stop: 'none' }], data);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/?tab=backtest&coin=ethereum&timeframe=1d']}><BacktestView /></MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BacktestView: out-of-sample interval, effective n and Holm verdict', () => {
  it('en-US: each part shows its mean interval, effective n and corrected verdict; the method note says where trades count', async () => {
    await renderAt('en-US');
    const table = screen.getByTestId('backtest-table');
    expect(within(table).getByText('Mean CI (Holm-corrected)')).toBeTruthy();
    expect(within(table).getByText('Eff. n')).toBeTruthy();
    expect(within(table).getByText('Verdict (Holm, m = 3)')).toBeTruthy();
    const ci = screen.getAllByTestId('backtest-ci').map((e) => e.textContent);
    // the Holm-corrected interval, never the 95 % one before the correction
    expect(ci).toEqual(['—', '−30.2 % … +14.3 %', '−31.0 % … −2.4 %']);
    expect(screen.getAllByTestId('backtest-verdict').map((e) => e.textContent)).toEqual(['no measurable edge', 'no measurable edge', 'worse than zero']);
    expect(within(table).getByText('7.5')).toBeTruthy();
    // survivorship and coverage: the universe and where this coin's series start
    expect(screen.getByTestId('coverage-note').textContent).toMatch(/Measured on the 28 coins .* survivorship bias.*ETH: 1d from 17 Aug 2017\./);
    expect(screen.getByTestId('backtest-method').textContent).toMatch(/Holm correction over all 3 pattern × part tests.*2 trades signalled in sample closed out of sample/);
  });

  it('zh-CN', async () => {
    await renderAt('zh-CN');
    expect(screen.getAllByTestId('backtest-verdict').map((e) => e.textContent)).toEqual(['无可测量的优势', '无可测量的优势', '显著亏损']);
    expect(within(screen.getByTestId('backtest-table')).getByText('结论（Holm，m = 3）')).toBeTruthy();
  });
});
