import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { applyPriceColorsFor, chartPriceColors, defaultPriceColors, getPriceColors, initPriceColors, setPriceColors } from './price-colors';
import { usePriceColors } from './use-price-colors';

function Probe() {
  return <span data-testid="pc">{usePriceColors()}</span>;
}

describe('price-colour convention', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute('data-price-colors');
  });

  it('defaults by language until the user chooses', () => {
    expect(defaultPriceColors('zh-CN')).toBe('red-up');
    expect(defaultPriceColors('en-US')).toBe('green-up');
    applyPriceColorsFor('zh-CN');
    expect(document.documentElement.getAttribute('data-price-colors')).toBe('red-up');
    applyPriceColorsFor('en-US');
    expect(getPriceColors()).toBe('green-up');
  });

  it('keeps the stored choice whatever the language', () => {
    setPriceColors('red-up');
    expect(localStorage.getItem('priceColors')).toBe('red-up');
    applyPriceColorsFor('en-US');
    expect(getPriceColors()).toBe('red-up');
    setPriceColors('green-up');
    applyPriceColorsFor('zh-CN');
    expect(getPriceColors()).toBe('green-up');
  });

  it('re-renders on a change made in another tab', () => {
    const stop = initPriceColors('en-US');
    render(<Probe />);
    expect(screen.getByTestId('pc')).toHaveTextContent('green-up');
    act(() => {
      localStorage.setItem('priceColors', 'red-up');
      fireEvent(window, new StorageEvent('storage', { key: 'priceColors', newValue: 'red-up' }));
    });
    expect(screen.getByTestId('pc')).toHaveTextContent('red-up');
    stop();
  });

  it('swaps the chart palette for red-up', () => {
    const p = { bg: '#fff', up: 'green', down: 'red', upVol: 'g45', downVol: 'r45' };
    expect(chartPriceColors(p, 'green-up')).toBe(p);
    expect(chartPriceColors(p, 'red-up')).toEqual({ bg: '#fff', up: 'red', down: 'green', upVol: 'r45', downVol: 'g45' });
  });
});
