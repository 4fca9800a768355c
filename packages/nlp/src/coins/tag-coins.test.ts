import { describe, expect, it } from 'vitest';
import { DEFAULT_COINS } from './coin-aliases.js';
import { tagCoins, type TaggableCoin } from './tag-coins.js';

/** The 28 default coins plus symbols with known upstream false tags. */
const COINS: TaggableCoin[] = [
  ...DEFAULT_COINS,
  { id: 'FLOW', symbol: 'FLOW', name: 'Flow' },
  { id: 'ZRX', symbol: 'ZRX', name: '0x' },
  { id: 'ARKM', symbol: 'ARKM', name: 'Arkham' },
  { id: 'STRK', symbol: 'STRK', name: 'Starknet' },
  { id: 'ONE', symbol: 'ONE', name: 'Harmony' },
  { id: 'GAS', symbol: 'GAS', name: 'Gas' },
  { id: 'SUN', symbol: 'SUN', name: 'Sun' },
  { id: 'SEI', symbol: 'SEI', name: 'Sei' },
];
const syms = (text: string) => tagCoins(text, COINS).map((t) => t.symbol);

// Real headlines from shared/data/crypto-news (en_2025-05_08_btc-news_cryptocompare), copied verbatim.
describe('tagCoins: true tags on real headlines', () => {
  it.each([
    ['Optimism (OP) Shows Short-Term Bullish Momentum Amid Key Resistance Near $0.74', ['OP']],
    ['After Bitcoin’s Record Run, Altcoins SEI, ARB, and OP Appear to Be Next in Line', ['BTC', 'SEI', 'ARB', 'OP']],
    ['Crypto Price Analysis 6-23: BITCOIN: BTC, ETHEREUM: ETH, SOLANA: SOL, DOGECOIN: DOGE, LITECOIN: LTC, OPTIMISM: OP', ['BTC', 'ETH', 'SOL', 'DOGE', 'LTC', 'OP']],
    ['Price predictions 5/2: BTC, ETH, XRP, BNB, SOL, DOGE, ADA, SUI, LINK, AVAX', ['BTC', 'ETH', 'XRP', 'BNB', 'SOL', 'DOGE', 'ADA', 'SUI', 'LINK', 'AVAX']],
    ['DOGE, XRP, ETH, SOL Follow Bitcoin Through the Cloud as Altcoin Momentum Builds', ['DOGE', 'XRP', 'ETH', 'SOL', 'BTC']],
    ['Explosive ETH, ADA, DOGE Moves Spur $800M in Short Liquidations, Highest Since 2023', ['ETH', 'ADA', 'DOGE']],
    ['Uniswap (UNI) Falls 6% as Institutions Offload $82M, Still Up 20% in a Month', ['UNI']],
    ['CoinDesk 20 Performance Update: NEAR Drops 7.4% as Index Declines Over Weekend', ['NEAR']],
    ['Starknet to launch STRK staking v2 on mainnet on June 17', ['STRK']],
    ['Ether-Bitcoin Ratio Signals ETH is \'Extremely Undervalued,\' But Headwinds Remain: CryptoQuant', ['ETH', 'BTC']],
    ['Ripple commits $25M US school nonprofits', ['XRP']],
    ['Ethena stalls below key level as 40M ENA token unlock approaches', ['ENA']],
    ['Sui Network Surpasses $2.1 Billion in TVL Amid Strong Institutional Interest and Microsoft Partnership', ['SUI']],
    ['Safello Boosts TAO Holdings as Institutions Expand Crypto Treasuries', ['TAO']],
    ['Whale 0x0C86 Goes Long on BTC with $99.67 Million Position After Depositing $14 Million USDC', ['BTC', 'USDC']],
    ['Breakout Alert: Ether, Bitcoin Cash-Bitcoin Ratio Break Downtrends as DOGE, SHIB Bottom Out', ['ETH', 'BCH', 'BTC', 'DOGE', 'SHIB']],
  ])('%s', (title, expected) => {
    expect(syms(title)).toEqual(expected);
  });

  it('reports the matched surface strings', () => {
    expect(tagCoins('Optimism (OP) Shows Short-Term Bullish Momentum', COINS)).toEqual([{ coinId: 'OP', symbol: 'OP', matches: ['Optimism', 'OP'] }]);
    expect(tagCoins('Bitcoin jumps as $btc shorts squeezed; BTC at $97K', COINS)[0].matches).toEqual(['Bitcoin', '$btc', 'BTC']);
  });
});

describe('tagCoins: no false tags on real headlines', () => {
  it.each([
    ['BlackRock Bitcoin ETF clocks 16 days of inflow as BTC reclaims $97K', ['BTC']], // not FLOW
    ['US crypto funds smash old record amid 4-week inflow streak', []],
    ['Arkham claims to have found 87% of Strategy’s Bitcoin', ['BTC']], // not ARKM
    ["Strategy's STRK Hits Record Proceeds, Has Outperformed Bitcoin, S&P 500 Since Debut", ['BTC']], // not Starknet
    ['Bitcoin Core to unilaterally remove controversial OP-Return limit', ['BTC']], // not OP
    ['Bitcoin Approaches All-Time High with Record Weekly Close, Raising Investor Optimism Amid Market Momentum', ['BTC']],
    ['Analyst predicts memecoin ETFs by 2026, but ONE hurdle remains…', []], // not Harmony ONE
    ['Binance stablecoin reserves hit ATH – Is altseason just ONE move away?', []], // not BNB, not ONE
    ["IRS' Crypto Leads Are Leaving the Agency After Accepting DOGE Deals", []], // the US DOGE office
    ['Donald Trump gives conflicting answers over memecoin profits', []],
    ['Mobius Token smart contracts on BNB Chain exploited, $2.1M drained', ['BNB']],
    ['Bitcoin Cash jumps 10% as miners rotate', ['BCH']],
  ])('%s', (title, expected) => {
    expect(syms(title)).toEqual(expected);
  });

  it('ignores 0x wallet addresses and lower-case tickers', () => {
    expect(syms('The attacker deployed the contract from address 0xb32a53 at 07:31:38 UTC')).toEqual([]);
    expect(syms('gas fees and sun and one link near the dot')).toEqual([]);
  });

  it('needs a cashtag or the name for common-word tickers', () => {
    expect(syms('GAS prices soar in Europe')).toEqual([]);
    expect(syms('$GAS and $SUN rally on Binance')).toEqual(['GAS', 'SUN']);
    expect(syms('$OP rallies after Superchain upgrade')).toEqual(['OP']);
    expect(syms('TRUMP memecoin unlock looms')).toEqual(['TRUMP']);
    expect(syms('$TRUMP jumps 12%')).toEqual(['TRUMP']);
  });

  it('treats ALL-CAPS headlines conservatively', () => {
    expect(syms('MARKETS NEAR RECORD AS DOT COM STOCKS LINK UP')).toEqual([]);
    expect(syms('SEC DELAYS CONVERSION OF BITWISE10 CRYPTO INDEX FUND INTO AN ETF (BTC, ETH, XRP, SOL, ADA, SUI, LINK, AVAX, LTC, DOT)')).toEqual([
      'BTC', 'ETH', 'XRP', 'SOL', 'ADA', 'SUI', 'LINK', 'AVAX', 'LTC', 'DOT',
    ]);
  });
});

describe('tagCoins: Chinese names (hand-written examples)', () => {
  it('tags 比特币 / 以太坊 / 狗狗币 / 瑞波币 / 索拉纳 and prefers 比特币现金 over 比特币', () => {
    expect(syms('比特币和以太坊大涨，狗狗币跟涨')).toEqual(['BTC', 'ETH', 'DOGE']);
    expect(syms('瑞波币与索拉纳ETF申请获受理')).toEqual(['XRP', 'SOL']);
    expect(syms('比特币现金上涨5%')).toEqual(['BCH']);
    expect(syms('比特币BTC价格突破10万美元')).toEqual(['BTC']);
  });
});

describe('tagCoins: generic coins and aliases', () => {
  it('uses name, aliases and symbol for coins outside the default table', () => {
    const coins = [{ id: 'hype', symbol: 'HYPE', name: 'Hyperliquid', aliases: ['Hyper Liquid'] }];
    expect(tagCoins('Hyperliquid volume hits record', coins)).toEqual([{ coinId: 'hype', symbol: 'HYPE', matches: ['Hyperliquid'] }]);
    expect(tagCoins('The HYPE is real', coins)).toEqual([]); // HYPE is a guarded word
    expect(tagCoins('', coins)).toEqual([]);
  });
});
