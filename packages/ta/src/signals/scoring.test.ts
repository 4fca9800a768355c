import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSignalsDoc } from '../../scripts/signals-doc';
import { REPO_ROOT } from '../../test/fixtures';
import { NEUTRAL_BAND_PCT, SIGNAL_HORIZON_CANDLES, scoreSignal } from './scoring';

describe('scoreSignal', () => {
  it('scores bullish, bearish and neutral signals by the move over the horizon', () => {
    expect(scoreSignal('bullish', 100, 101).hit).toBe(true);
    expect(scoreSignal('bullish', 100, 101).move_pct).toBeCloseTo(1, 12);
    expect(scoreSignal('bullish', 100, 100).hit).toBe(false);
    expect(scoreSignal('bearish', 100, 99).hit).toBe(true);
    expect(scoreSignal('bearish', 100, 100.5).hit).toBe(false);
    expect(scoreSignal('neutral', 100, 100 + NEUTRAL_BAND_PCT / 2).hit).toBe(true);
    expect(scoreSignal('neutral', 100, 100 - 2 * NEUTRAL_BAND_PCT).hit).toBe(false);
    expect(scoreSignal('bearish', 200, 150).move_pct).toBe(-25);
  });
  it('rejects non-positive or non-finite prices', () => {
    expect(() => scoreSignal('bullish', 0, 1)).toThrow(RangeError);
    expect(() => scoreSignal('bullish', 1, NaN)).toThrow(RangeError);
    expect(() => scoreSignal('bullish', Infinity, 1)).toThrow(RangeError);
  });
  it('documents horizons for every timeframe', () => {
    expect(SIGNAL_HORIZON_CANDLES).toEqual({ '5m': 288, '1h': 168, '1d': 30 });
  });
});

describe('docs/signals.md', () => {
  it('is up to date with the catalogue (npm run docs:signals)', () => {
    expect(readFileSync(resolve(REPO_ROOT, 'docs/signals.md'), 'utf8')).toBe(renderSignalsDoc());
  });
});
