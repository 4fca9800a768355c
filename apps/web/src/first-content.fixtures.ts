import type { CandleSeries, Coin, CoinDetail } from '@coinlens/contracts';

/**
 * API answers for the server-rendered pages' tests (entry-server.test.tsx, hydration.test.tsx), in
 * the wire format of `/api/crypto/all`, `/api/crypto/{slug}/detail` and `/api/crypto/cmc_historical`.
 */

/** A coin of `/api/crypto/all` (BTC or ETH) at `price` USD, ranked `rank`. */
export const coin = (symbol: string, rank: number, price: number): Coin =>
  ({ id: rank, name: symbol === 'BTC' ? 'Bitcoin' : 'Ethereum', symbol, slug: symbol === 'BTC' ? 'bitcoin' : 'ethereum', logo: `/static/icons/${symbol.toLowerCase()}.svg`, cmc_id: rank, cmc_rank: rank, tags: [], lastPrice: price, priceChangePercent: 1.25, volume24h: 1.8e9, tradingPair: `${symbol}USDT`, timeframes: ['5m', '1h', '1d'], market_data: 'replay' }) as unknown as Coin;

/** BTC's `/api/crypto/bitcoin/detail`. */
export const detail = {
  ...coin('BTC', 1, 103935.55),
  circulating_supply: 19900734,
  supply_as_of: '2025-08-02',
  market_cap: 2068393785079,
  fdv: 2182646604224,
  volume_market_cap_ratio: 0.0009,
  total_supply: 19900734,
  max_supply: 21000000,
  high24h: 104192.7,
  low24h: 101383.07,
  contracts: [],
  website: 'https://bitcoin.org',
  cryptocurrency_contents: { description: null, lang: 'en-US' },
  brand_color: '#f7931a',
  credits: [],
} as unknown as CoinDetail;

const hour = 3_600_000;
/** 60 hourly BTC candles of `/api/crypto/cmc_historical`. */
export const candles: CandleSeries = {
  symbol: 'BTCUSDT',
  timeframe: '1h',
  candles: Array.from({ length: 60 }, (_, i) => ({ time: 1747300000000 + i * hour, open: 103000 + i * 10, high: 103100 + i * 10, low: 102900 + i * 10, close: 103000 + (i % 2 ? -20 : 40) + i * 10, volume: 100 })),
  forming: null,
  now: 1747300000000 + 60 * hour,
} as unknown as CandleSeries;
