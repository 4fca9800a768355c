import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18nForTests as initI18n } from '../app/i18n-test-utils';
import { anchorClock } from '../lib/clock';
import { ReplayBadge } from './ReplayBadge';

initI18n('en-US');

describe('ReplayBadge', () => {
  it('is hidden until the clock says replay', () => {
    render(<ReplayBadge />);
    expect(screen.queryByTestId('replay-badge')).toBeNull();
  });

  it('shows the replayed market time in English and Chinese', async () => {
    act(() => anchorClock(Date.UTC(2025, 4, 16, 14, 5, 30), { mode: 'replay', speed: 1 }));
    const { unmount } = render(<ReplayBadge />);
    expect(screen.getByTestId('replay-badge')).toHaveTextContent('Replay · 16 May 2025 14:05 UTC');
    expect(screen.getByRole('tooltip')).toHaveTextContent(/not live prices/);
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<ReplayBadge />);
    expect(screen.getByTestId('replay-badge')).toHaveTextContent('回放 · 2025年5月16日 14:05 UTC');
    await act(() => i18next.changeLanguage('en-US'));
  });

  it('disappears in live mode', () => {
    act(() => anchorClock(Date.UTC(2025, 4, 16), { mode: 'live', speed: 1 }));
    render(<ReplayBadge />);
    expect(screen.queryByTestId('replay-badge')).toBeNull();
  });
});
