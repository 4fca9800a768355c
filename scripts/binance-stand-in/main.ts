/**
 * Runs the local Binance stand-in (scripts/binance-stand-in/stand-in.ts) until interrupted:
 *
 *   npm run binance-stand-in -- --symbols 400 --port 4520 [--speed 1] [--publish-ms 1000]
 *
 * then start the app on it:
 *
 *   BINANCE_REST_URL=http://127.0.0.1:4520 BINANCE_WS_URL=ws://127.0.0.1:4520 MARKET_SOURCE=binance npm start
 *
 * Listens on 127.0.0.1 only. `--speed 60` runs its market a minute per second (a 5m close every
 * 5 s); the app's clock follows the exchange's event times, so it keeps up.
 */
import { parseArgs } from 'node:util';
import { BinanceStandIn } from './stand-in';

const { values } = parseArgs({
  options: {
    symbols: { type: 'string', default: '400' },
    port: { type: 'string', default: '4520' },
    speed: { type: 'string', default: '1' },
    'publish-ms': { type: 'string', default: '1000' },
  },
});
const standIn = new BinanceStandIn({ symbols: Number(values.symbols), speed: Number(values.speed), publishMs: Number(values['publish-ms']) });
const { rest, ws } = await standIn.listen(Number(values.port));
console.log(`Binance stand-in: ${standIn.pairs.length} USDT pairs at ${rest} (REST) and ${ws}/stream (WebSocket), clock ×${values.speed}`);
console.log(`  BINANCE_REST_URL=${rest} BINANCE_WS_URL=${ws} MARKET_SOURCE=binance npm start`);
console.log(`  list / delist a pair: curl -X POST '${rest}/stand-in/list?symbol=NEWCOIN' ; curl -X POST '${rest}/stand-in/delist?symbol=BTC'`);
const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
