import type { Candle } from '@coinlens/contracts';
import type { MarketSource } from '../../providers/market/types';

/**
 * For alert tests: the latest closed 5m BTC candle of `source` whose high is above its open by more
 * than 0.05 % (so a level between open and high is crossed upwards). Throws when none of the last
 * 200 is.
 */
export async function risingCandle(source: MarketSource): Promise<Candle> {
  const cs = await source.getCandles('BTC', '5m', { limit: 200 });
  const c = [...cs].reverse().find((x) => x.high > x.open * 1.0005);
  if (!c) throw new Error('no rising candle');
  return c;
}
