import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18nForTests as initI18n } from '../app/i18n-test-utils';
import { coinDisplayName } from '@coinlens/contracts/common/coin-names';
import { useCoinName } from './coin-name';

initI18n('en-US');

function Names() {
  const coinName = useCoinName();
  return <span data-testid="names">{[{ symbol: 'BTC', name: 'Bitcoin' }, { symbol: 'SOL', name: 'Solana' }, { symbol: 'eth', name: 'Ethereum' }].map(coinName).join('|')}</span>;
}

describe('coin names in the page language', () => {
  it('uses the established Chinese name in zh-CN and the coin name otherwise', async () => {
    expect(coinDisplayName({ symbol: 'XRP', name: 'XRP' }, 'zh-CN')).toBe('瑞波币');
    expect(coinDisplayName({ symbol: 'XRP', name: 'XRP' }, 'en-US')).toBe('XRP');
    const { unmount } = render(<Names />);
    expect(screen.getByTestId('names')).toHaveTextContent('Bitcoin|Solana|Ethereum');
    unmount();
    await act(() => i18next.changeLanguage('zh-CN'));
    render(<Names />);
    // Solana has no established Chinese name: it stays Latin rather than an invented transliteration
    expect(screen.getByTestId('names')).toHaveTextContent('比特币|Solana|以太坊');
    await act(() => i18next.changeLanguage('en-US'));
  });
});
