import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { applyTick, useLivePrice, useLiveSelect } from './live-prices';

const tick = (btc: number, eth: number) =>
  applyTick([
    { symbol: 'BTC', lastPrice: btc, priceChangePercent: 1 },
    { symbol: 'ETH', lastPrice: eth, priceChangePercent: 1 },
  ]);

describe('live price hooks', () => {
  it('useLivePrice re-renders when its symbol moves, not when another one does', async () => {
    tick(100, 10);
    let renders = 0;
    function Price() {
      renders++;
      return <span data-testid="p">{useLivePrice('BTC')?.lastPrice}</span>;
    }
    const { getByTestId } = render(<Price />);
    await act(async () => {});
    const before = renders;
    await act(async () => tick(100, 11)); // ETH only
    await act(async () => tick(100, 12));
    expect(renders).toBe(before);
    await act(async () => tick(101, 12));
    expect(renders).toBeGreaterThan(before); // once, or twice when React re-renders the transition
    expect(getByTestId('p').textContent).toBe('101');
  });

  it('useLiveSelect re-renders only when the selected value changes', async () => {
    tick(100, 10);
    let renders = 0;
    function Side() {
      renders++;
      const side = useLiveSelect('BTC', (p) => ((p?.lastPrice ?? 0) >= 105 ? 'above' : 'below'));
      return <span data-testid="s">{side}</span>;
    }
    const { getByTestId } = render(<Side />);
    await act(async () => {});
    const before = renders;
    await act(async () => tick(101, 10));
    await act(async () => tick(104, 10));
    expect(renders).toBe(before);
    expect(getByTestId('s').textContent).toBe('below');
    await act(async () => tick(106, 10));
    expect(renders).toBeGreaterThan(before); // once, or twice when React re-renders the transition
    expect(getByTestId('s').textContent).toBe('above');
  });
});
