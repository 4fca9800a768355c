import { describe, expect, it } from 'vitest';
import { coinsNamed, questionLang, readQuestion } from './intents';

const coins = [
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'BCH', name: 'Bitcoin Cash' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'SOL', name: 'Solana' },
  { symbol: 'USDT', name: 'Tether' },
  { symbol: 'OP', name: 'Optimism' },
  { symbol: 'LINK', name: 'Chainlink' },
];
const btc = coins[0];
const read = (q: string, lang: 'en-US' | 'zh-CN' = 'en-US') => readQuestion(q, btc, coins, lang);

describe('how the built-in analyst reads a trader question (en-US, zh-CN)', () => {
  it('reads "buy now or wait, and where is the stop" as entry + stop, not a refusal', () => {
    expect(read('Should I buy BTC now or wait for a pullback? Where would you put a stop?')).toMatchObject({ intents: ['entry', 'stop'], inScope: true, lang: 'en-US', subject: 'BTC', other: null });
    expect(read('btc现在上车还是等回调？止损放哪？', 'en-US')).toMatchObject({ intents: ['entry', 'stop'], lang: 'zh-CN' });
  });

  it('reads an outlook with its horizon in both languages', () => {
    expect(read('比特币接下来一周会涨还是跌？主要风险是什么？')).toMatchObject({ intents: ['outlook', 'risks'], horizonHours: 168, horizonAsked: true, lang: 'zh-CN' });
    expect(read('Will BTC go up or down next week?')).toMatchObject({ intents: ['outlook'], horizonHours: 168 });
    expect(read('btc up or down tomorrow?').horizonHours).toBe(24);
    expect(read('Where is bitcoin headed in the next 24h?').horizonHours).toBe(24);
    expect(read('What is the ETH forecast for the next 48 hours?').horizonHours).toBe(48);
    expect(read('未来几天比特币会怎么走').horizonHours).toBe(72);
    expect(read('月底比特币能站上10万吗').horizonHours).toBe(720);
    // an outlook without a horizon takes 24 hours; a level question has none
    expect(read('is btc gonna dump?')).toMatchObject({ intents: ['outlook'], horizonHours: 24, horizonAsked: false });
    expect(read('Where is 1h support?').horizonHours).toBeNull();
  });

  it('reads levels, targets, indicators, news and the track record', () => {
    expect(read('key levels for btc?').intents).toEqual(['support', 'resistance']);
    expect(read('大饼的底在哪').intents).toEqual(['support']);
    expect(read('where should i sell my btc').intents).toEqual(['targets']);
    expect(read('is btc overbought?')).toMatchObject({ intents: ['indicator'], indicator: 'rsi' });
    expect(read('解释一下以太坊的MACD')).toMatchObject({ intents: ['indicator'], indicator: 'macd', subject: 'ETH' });
    expect(read('Is BTC above the 200 EMA?').indicator).toBe('ema');
    expect(read('最近有啥消息').intents).toEqual(['news']);
    expect(read('你们的信号准吗？').intents).toEqual(['signals', 'accuracy']);
    expect(read('short term forecast for btc?')).toMatchObject({ intents: ['outlook'], side: null });
  });

  it('compares two coins, and answers about another coin named alone', () => {
    expect(read('btc vs eth which is stronger right now?')).toMatchObject({ intents: ['compare'], subject: 'BTC', other: 'ETH' });
    expect(read('以太坊相对比特币表现怎样')).toMatchObject({ intents: ['compare'], subject: 'BTC', other: 'ETH' });
    expect(read('Is Solana outperforming bitcoin?')).toMatchObject({ subject: 'BTC', other: 'SOL' });
    expect(read('Where is ETH support?')).toMatchObject({ intents: ['support'], subject: 'ETH', other: null });
  });

  it('leaves questions outside its scope without an intent (they cost no quota)', () => {
    for (const q of ['tell me a joke', 'hi', 'who are you?', '讲个笑话', '北京今天天气怎么样', 'asdfgh']) expect(read(q), q).toMatchObject({ intents: [], inScope: false });
  });

  it('names coins by ticker, name, Chinese name and slang, but not quote currencies or ordinary words', () => {
    expect(coinsNamed('What is the BTC price in USDT? Any optimism?', coins)).toEqual(['BTC']);
    expect(coinsNamed('Bitcoin Cash support?', coins)).toEqual(['BCH']);
    expect(coinsNamed('大饼和姨太哪个强', coins)).toEqual(['BTC', 'ETH']);
    expect(coinsNamed('btc and sol, near the link', coins)).toEqual(['BTC', 'SOL']);
    expect(coinsNamed('LINK looks strong', coins)).toEqual(['LINK']);
  });

  it('answers in the language of the question', () => {
    expect(questionLang('支撑在哪', 'en-US')).toBe('zh-CN');
    expect(questionLang('where is support', 'zh-CN')).toBe('en-US');
    expect(questionLang('???', 'zh-CN')).toBe('zh-CN');
  });
});
