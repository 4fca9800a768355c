import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { initI18nForTests as initI18n } from '../../app/i18n-test-utils';
import { ApiError } from '../../lib/api';
import { useUpgradePrompt } from './UpgradeDialog';

initI18n('en-US');

let handle: ((e: unknown) => boolean) | null = null;
function Probe() {
  const upgrade = useUpgradePrompt();
  handle = upgrade.handleError;
  return <>{upgrade.dialog}</>;
}

function renderAt() {
  return render(
    <MemoryRouter initialEntries={['/en-US/feeds']}>
      <Routes>
        <Route path="/:lang/feeds" element={<Probe />} />
        <Route path="/:lang/pricing" element={<p>pricing page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useUpgradePrompt', () => {
  it('opens the upgrade dialog on VIP_REQUIRED and goes to the perks', () => {
    renderAt();
    expect(screen.queryByTestId('upgrade-dialog')).toBeNull();
    let handled = false;
    act(() => {
      handled = handle!(new ApiError('VIP_REQUIRED', 403, 'no'));
    });
    expect(handled).toBe(true);
    expect(screen.getByTestId('upgrade-dialog')).toHaveTextContent(/part of Pro membership/);
    fireEvent.click(screen.getByTestId('upgrade-view-perks'));
    expect(screen.getByText('pricing page')).toBeInTheDocument();
  });

  it('explains a used-up daily quota and leaves other errors to the caller', () => {
    renderAt();
    act(() => {
      handle!(new ApiError('CHAT_DAILY_LIMIT_EXCEEDED', 429, 'limit'));
    });
    expect(screen.getByTestId('upgrade-dialog')).toHaveTextContent(/today's assistant questions/);
    expect(handle!(new ApiError('COIN_NOT_FOUND', 404, 'x'))).toBe(false);
    expect(handle!(new Error('x'))).toBe(false);
  });
});
