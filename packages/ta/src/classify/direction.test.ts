import { describe, expect, it } from 'vitest';
import { directionVerdict } from './classify';

const sig = (...dirs: ('bullish' | 'bearish' | 'neutral')[]) => dirs.map((direction) => ({ direction }));

describe('directionVerdict: one net direction with the votes behind it', () => {
  it('marks opposite signals on one candle as conflicting, with the net verdict and both counts', () => {
    const v = directionVerdict(sig('bearish', 'bullish', 'bullish'), 'sideways', 'neutral');
    expect(v).toMatchObject({ direction: 'bullish', reason: 'signals', bullish: 2, bearish: 1, trend_vote: 0, conflicting: true });
  });

  it('says why when the signals outvote the trend shown beside the verdict', () => {
    const v = directionVerdict(sig('bearish', 'bearish', 'bearish'), 'uptrend', 'neutral');
    expect(v).toMatchObject({ direction: 'bearish', reason: 'against_trend', trend_vote: 2, conflicting: true });
  });

  it('follows the trend when no signal opposes it', () => {
    expect(directionVerdict(sig('bearish'), 'downtrend', 'neutral')).toMatchObject({ direction: 'bearish', reason: 'trend', conflicting: false });
    expect(directionVerdict([], 'reversal', 'bullish')).toMatchObject({ direction: 'bullish', reason: 'reversal', conflicting: false });
  });

  it('calls cancelled votes balanced (neutral, conflicting) and an empty candle none', () => {
    expect(directionVerdict(sig('bullish', 'bearish'), 'sideways', 'neutral')).toMatchObject({ direction: 'neutral', reason: 'balanced', conflicting: true });
    expect(directionVerdict(sig('bearish', 'bearish'), 'uptrend', 'neutral')).toMatchObject({ direction: 'neutral', reason: 'balanced', conflicting: true });
    expect(directionVerdict(sig('neutral'), 'sideways', 'neutral')).toMatchObject({ direction: 'neutral', reason: 'none', conflicting: false });
  });
});
