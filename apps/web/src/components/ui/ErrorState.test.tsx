import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18nForTests as initI18n } from '../../app/i18n-test-utils';
import { ApiError, errorKey } from '../../lib/api';
import { ErrorState } from './ErrorState';

initI18n('en-US');

describe('ErrorState with errorKey', () => {
  it('shows the translated message of an API error code in both languages', async () => {
    const err = new ApiError('TIMEFRAME_NOT_AVAILABLE', 404, 'USDT has no analysed candles');
    const { unmount } = render(<ErrorState messageKey={errorKey(err)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No candles for this timeframe.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('errors');
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<ErrorState messageKey={errorKey(err)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('该周期暂无');
    await act(() => i18next.changeLanguage('en-US'));
  });

  it('falls back to the generic message for errors without a code', () => {
    render(<ErrorState messageKey={errorKey(new Error('boom'))} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong! Please try again later');
  });
});
