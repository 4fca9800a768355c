import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import type { CalibrationGroup } from '@coinlens/contracts';
import { initI18nForTests } from '../../app/i18n-test-utils';
import { ScaleTable, strategyRecordSplitLine } from './CalibrationView';
import i18next from 'i18next';

const i18n = initI18nForTests('en-US');

const group = (status: 'calibrated' | 'not_calibrated'): CalibrationGroup => ({
  kind: 'touch', timeframe: '1h', n: 560, n_backfill: 560, pending: 12, brier: 0.2, base_rate: 0.6, brier_ref: 0.24, skill: 0.17, bins: [],
  n_eff: 31, skill_lo: -0.04, skill_hi: 0.38, skill_verdict: 'none',
  scale_status: status, min_total: 100, min_block: 30, scale_source: 'backfill', n_live: 40, n_eff_live: 6, min_live_episodes: 20,
  wording: [
    { wording: 'very_unlikely', stated_lo: null, stated_hi: null, n: 0, n_eff: 0, observed: null, observed_lo: null, observed_hi: null },
    { wording: 'unlikely', stated_lo: null, stated_hi: null, n: 0, n_eff: 0, observed: null, observed_lo: null, observed_hi: null },
    { wording: 'uncertain', stated_lo: 0.7, stated_hi: 0.8, n: 50, n_eff: 4, observed: 0.4, observed_lo: 0.276, observed_hi: 0.538 },
    { wording: 'likely', stated_lo: 0.8, stated_hi: 1, n: 500, n_eff: 27, observed: 0.692, observed_lo: 0.65, observed_hi: 0.731 },
    { wording: 'very_likely', stated_lo: null, stated_hi: null, n: 0, n_eff: 0, observed: null, observed_lo: null, observed_hi: null },
  ],
});

describe('Calibration tab: the verbal scale table', () => {
  it('lists label → stated range → observed rate (95 %) → n', () => {
    render(<ScaleTable g={group('calibrated')} />);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Label', 'Stated range', 'Observed (95 %)', 'n', 'Episodes']);
    const likely = within(table).getByRole('row', { name: /^Likely/ });
    expect(within(likely).getAllByRole('cell').map((c) => c.textContent)).toEqual(['80%–100%', '69% (65%–73%)', '500', '27']);
    const veryLikely = within(table).getByRole('row', { name: /^Very likely/ });
    expect(within(veryLikely).getAllByRole('cell').map((c) => c.textContent)).toEqual(['no range yet', '—', '0', '0']);
    // the labels served beside the probabilities rest on the backfill until enough live forecasts are resolved, and say so
    expect(screen.getByTestId('calibration-scale-source')).toHaveTextContent('From backfill: the labels beside the probabilities rest on the in-sample backfill until 100 live forecasts in 20 episodes are resolved (so far 40 in 6).');
    expect(screen.getByTestId('calibration-scale-status')).toHaveTextContent('calibrated');
  });

  it('says when the scale is not yet calibrated, and reads in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    try {
      render(<ScaleTable g={group('not_calibrated')} />);
      expect(screen.getByTestId('calibration-scale-status')).toHaveTextContent('尚未校准');
      expect(screen.getByText(/少于 100 条/)).toBeInTheDocument();
      expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['表述', '所述区间', '实际 (95%)', 'n', '事件段']);
      expect(screen.getByTestId('calibration-scale-source')).toHaveTextContent('来自回填');
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });

  it('the strategy record line keeps out-of-sample and in-sample apart, each with n', () => {
    const row = (n: number) => ({ author: 'builtin', coin: null, timeframe: '1h' as const, n, n_backfill: 0, entered: n, target_first: 3, invalidated: 1, mean_return_pct: -0.25, mean_hold_pct: 0.4, pending: 0, n_eff: 5, target_first_lo: null, target_first_hi: null, excess_pct: -0.65, excess_lo: null, excess_hi: null });
    const t = i18next.getFixedT('en-US', 'signals');
    expect(strategyRecordSplitLine(t, undefined, row(112), 'builtin', '1h')).toMatch(/^Built-in analyst, 7D: out-of-sample: none scored yet \(n = 0\); in-sample backfill 3 of 112, mean .+ vs hold .+ \(n = 112 in 5 episodes\)$/);
    expect(strategyRecordSplitLine(t, row(9), row(112), 'builtin', '1h')).toMatch(/^Built-in analyst, 7D: out-of-sample 3 of 9 reached target first, mean .+ after fees vs hold .+ \(n = 9 in 5 episodes\); in-sample/);
    // a bounded interval of the excess over holding is shown with it
    const bounded = { ...row(112), excess_lo: -1.2, excess_hi: 0.1 };
    expect(strategyRecordSplitLine(t, undefined, bounded, 'builtin', '1h')).toMatch(/\(n = 112 in 5 episodes; vs hold -0\.7 pp, 95 % -1\.2 to 0\.1 over episodes\)$/);
  });
});
