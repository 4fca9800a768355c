import { describe, expect, it } from 'vitest';
import { detectIntents } from './intents';

const coins = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'BCH', name: 'Bitcoin Cash' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'USDT', name: 'Tether' },
  { symbol: 'OP', name: 'Optimism' },
];
const btc = coins[0];

describe('built-in analyst intents (en-US, zh-CN)', () => {
  it('reads the support / invalidation question in both languages', () => {
    expect(detectIntents('Where is support, and what would invalidate the bullish case?', btc, coins)).toEqual({ intents: ['support', 'invalidation'], refusals: [], side: 'bullish', otherCoins: [] });
    expect(detectIntents('支撑位在哪里？什么会让看涨判断失效？', btc, coins)).toEqual({ intents: ['support', 'invalidation'], refusals: [], side: 'bullish', otherCoins: [] });
    expect(detectIntents('阻力和趋势？有什么新闻和信号？', btc, coins).intents).toEqual(['resistance', 'trend', 'signals', 'news']);
  });
  it('declines predictions, personal advice and other coins', () => {
    expect(detectIntents('Will BTC hit 150k?', btc, coins).refusals).toEqual(['prediction']);
    expect(detectIntents('明天比特币会涨到多少', btc, coins).refusals).toEqual(['prediction']);
    expect(detectIntents('Should I go all in?', btc, coins).refusals).toEqual(['advice']);
    expect(detectIntents('我应该满仓吗', btc, coins).refusals).toEqual(['advice']);
    expect(detectIntents('How is Ethereum doing vs Bitcoin?', btc, coins)).toMatchObject({ refusals: ['other_coin'], otherCoins: ['ETH'] });
    expect(detectIntents('以太坊的支撑在哪', btc, coins).otherCoins).toEqual(['ETH']);
  });
  it('does not take quote currencies, ordinary words or the coin itself for another coin', () => {
    expect(detectIntents('What is the BTC price in USDT? Any optimism?', btc, coins).refusals).toEqual([]);
    expect(detectIntents('Bitcoin Cash support?', coins[1], coins).otherCoins).toEqual([]);
    expect(detectIntents('Bitcoin support?', coins[1], coins).otherCoins).toEqual(['BTC']);
  });
});
