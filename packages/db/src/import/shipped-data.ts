import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../client';
import { LOCKS } from '../client';

/**
 * One importable unit of the shipped data set: a file (or a derived set) that is imported in a
 * single transaction together with its `data_imports` row, so a crash leaves it absent, never half.
 */
export interface Importer {
  /** Unique name, e.g. `candles/BTCUSDT-5m.csv.gz`. */
  name: string;
  /** Content checksum; a changed checksum re-imports (the importer must replace its own rows). */
  checksum: string;
  /** Relative cost for the progress bar (e.g. bytes or rows). */
  weight: number;
  /** Runs inside the transaction; returns the number of rows written. */
  run(tx: Database): Promise<number>;
}

/** Progress of an import run: `done` and `total` in importer weight units. */
export interface ImportProgress {
  done: number;
  total: number;
  current: string;
  imported: number;
  skipped: number;
}

const sha256 = (buf: Buffer | string) => crypto.createHash('sha256').update(buf).digest('hex').slice(0, 32);

function slugify(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Friendly names where the icon manifest only has the ticker. */
const DISPLAY_NAMES: Record<string, string> = { AAVE: 'Aave', TRX: 'TRON', BNB: 'BNB', TAO: 'Bittensor', ENA: 'Ethena', SUI: 'Sui', NEAR: 'NEAR Protocol', INJ: 'Injective', OP: 'Optimism', ARB: 'Arbitrum', PEPE: 'Pepe', TRUMP: 'Official Trump', SHIB: 'Shiba Inu' };

const EXPLORERS: Record<string, string> = { ethereum: 'https://etherscan.io/token/', smartchain: 'https://bscscan.com/token/' };

/**
 * Builds the importers for the shipped data set under `dataDir` (the repo's `data/`).
 * `opts.symbols` limits candles to those coins and `opts.timeframes` to those timeframes (tests
 * import a small subset).
 */
export function shippedDataImporters(dataDir: string, opts: { symbols?: string[]; timeframes?: string[] } = {}): Importer[] {
  const importers: Importer[] = [];
  const coinsFile = path.join(dataDir, 'coins', 'coins.json');
  const snapFile = path.join(dataDir, 'coins', 'market-snapshot.json');
  if (!fs.existsSync(coinsFile)) throw new Error(`shipped data not found at ${dataDir} (coins/coins.json missing)`);
  const coinsRaw = fs.readFileSync(coinsFile);
  const snapRaw = fs.readFileSync(snapFile);
  const candleDir = path.join(dataDir, 'candles');
  const candleFiles = fs
    .readdirSync(candleDir)
    .filter((f) => /^[A-Z0-9]+USDT-(5m|15m|1h|1d)\.csv\.gz$/.test(f))
    .filter((f) => !opts.symbols || opts.symbols.includes(f.split('USDT-')[0]))
    .filter((f) => !opts.timeframes || opts.timeframes.includes(f.split('-')[1].replace('.csv.gz', '')))
    .sort();
  const timeframesBySymbol = new Map<string, string[]>();
  for (const f of candleFiles) {
    const [pair, tf] = f.replace('.csv.gz', '').split('-');
    const sym = pair.replace(/USDT$/, '');
    timeframesBySymbol.set(sym, [...(timeframesBySymbol.get(sym) ?? []), tf]);
  }

  importers.push({
    name: 'coins',
    checksum: sha256(Buffer.concat([coinsRaw, snapRaw, Buffer.from(candleFiles.join(','))])),
    weight: 1e5,
    async run(tx) {
      const coins = JSON.parse(coinsRaw.toString('utf8')) as any[];
      const snaps = new Map((JSON.parse(snapRaw.toString('utf8')) as any[]).map((s) => [s.symbol, s]));
      let n = 0;
      for (const c of coins) {
        const s = snaps.get(c.symbol) ?? {};
        const name = DISPLAY_NAMES[c.symbol] ?? c.name;
        const slug = s.coingecko_id ?? slugify(name);
        const order = ['5m', '15m', '1h', '1d'];
        const tfs = (timeframesBySymbol.get(c.symbol) ?? []).sort((a, b) => order.indexOf(a) - order.indexOf(b));
        const contracts = c.contract_address
          ? [{ chain: c.chain, address: c.contract_address, decimals: c.decimals ?? null, explorer: EXPLORERS[c.chain] ? EXPLORERS[c.chain] + c.contract_address : (c.explorer ?? null) }]
          : [];
        const tags = [...new Set([...(c.tags ?? []).map((t: string) => t.toLowerCase()), ...(c.is_stablecoin ? ['stablecoin'] : [])])];
        await tx.execute(sql`
          insert into coins (symbol, name, slug, trading_pair, cmc_id, cmc_rank, coingecko_id, tags, icon, icon_is_generic, brand_color,
            is_stablecoin, circulating_supply, total_supply, max_supply, supply_as_of, contracts, website, description, timeframes)
          values (${c.symbol}, ${name}, ${slug}, ${c.binance_spot_pair ?? c.symbol + 'USDT'}, ${s.cmc_id ?? null}, ${s.rank ?? null}, ${s.coingecko_id ?? null},
            ${JSON.stringify(tags)}::jsonb, ${path.basename(c.icon_svg ?? 'generic.svg')}, ${!!c.icon_is_generic}, ${c.brand_color ?? null},
            ${!!c.is_stablecoin}, ${s.circulating_supply ?? null}, ${s.total_supply ?? null}, ${s.max_supply ?? null}, ${s.as_of ?? null},
            ${JSON.stringify(contracts)}::jsonb, ${c.website ?? null}, ${c.description ?? null}, ${JSON.stringify(tfs)}::jsonb)
          on conflict (symbol) do update set name = excluded.name, slug = excluded.slug, trading_pair = excluded.trading_pair,
            cmc_id = excluded.cmc_id, cmc_rank = excluded.cmc_rank, coingecko_id = excluded.coingecko_id, tags = excluded.tags,
            icon = excluded.icon, icon_is_generic = excluded.icon_is_generic, brand_color = excluded.brand_color,
            is_stablecoin = excluded.is_stablecoin, circulating_supply = excluded.circulating_supply, total_supply = excluded.total_supply,
            max_supply = excluded.max_supply, supply_as_of = excluded.supply_as_of, contracts = excluded.contracts,
            website = excluded.website, description = excluded.description, timeframes = excluded.timeframes`);
        n++;
      }
      return n;
    },
  });

  for (const f of candleFiles) {
    const file = path.join(candleDir, f);
    const raw = fs.readFileSync(file);
    const [pair, tf] = f.replace('.csv.gz', '').split('-');
    const symbol = pair.replace(/USDT$/, '');
    importers.push({
      name: `candles/${f}`,
      checksum: sha256(raw),
      weight: raw.length,
      async run(tx) {
        const text = zlib.gunzipSync(raw).toString('utf8');
        const lines = text.split('\n');
        const coinRows = (await tx.execute(sql`select id from coins where symbol = ${symbol}`)) as unknown as { rows: { id: number }[] };
        const coinId = coinRows.rows[0]?.id;
        if (coinId == null) return 0; // a candle file for a coin not in coins.json
        await tx.execute(sql`delete from candles where coin_id = ${coinId} and timeframe = ${tf}`);
        const CHUNK = 5000;
        let n = 0;
        let t: number[] = [], o: number[] = [], h: number[] = [], l: number[] = [], c: number[] = [], v: number[] = [];
        const flush = async () => {
          if (!t.length) return;
          await tx.execute(sql`insert into candles (coin_id, timeframe, open_time, open, high, low, close, volume)
            select ${coinId}, ${tf}, * from unnest(${`{${t.join(',')}}`}::bigint[], ${`{${o.join(',')}}`}::float8[], ${`{${h.join(',')}}`}::float8[],
              ${`{${l.join(',')}}`}::float8[], ${`{${c.join(',')}}`}::float8[], ${`{${v.join(',')}}`}::float8[])`);
          n += t.length;
          t = []; o = []; h = []; l = []; c = []; v = [];
        };
        for (let i = 1; i < lines.length; i++) {
          const line = lines[i];
          if (!line) continue;
          const p = line.split(',');
          t.push(Number(p[0])); o.push(Number(p[1])); h.push(Number(p[2])); l.push(Number(p[3])); c.push(Number(p[4])); v.push(Number(p[5]));
          if (t.length >= CHUNK) await flush();
        }
        await flush();
        return n;
      },
    });
  }

  const fngFile = path.join(dataDir, 'fear-greed', 'crypto_fear_greed_index_daily.csv');
  const fngRaw = fs.readFileSync(fngFile);
  importers.push({
    name: 'fear-greed',
    checksum: sha256(fngRaw),
    weight: fngRaw.length,
    async run(tx) {
      const rows = fngRaw.toString('utf8').trim().split('\n').slice(1).map((l) => l.split(','));
      await tx.execute(sql`delete from fear_greed`);
      await tx.execute(sql`insert into fear_greed (day, value, classification)
        select * from unnest(${`{${rows.map((r) => r[0]).join(',')}}`}::date[], ${`{${rows.map((r) => r[1]).join(',')}}`}::smallint[],
          ${`{${rows.map((r) => `"${r[2]}"`).join(',')}}`}::text[])`);
      return rows.length;
    },
  });

  const gmFile = path.join(dataDir, 'coins', 'global-market-daily.csv');
  const gmRaw = fs.readFileSync(gmFile);
  importers.push({
    name: 'global-market',
    checksum: sha256(gmRaw),
    weight: gmRaw.length,
    async run(tx) {
      const rows = gmRaw.toString('utf8').trim().split('\n').slice(1).map((l) => l.split(','));
      await tx.execute(sql`delete from global_market`);
      await tx.execute(sql`insert into global_market (day, total_market_cap, btc_dominance)
        select * from unnest(${`{${rows.map((r) => r[0]).join(',')}}`}::date[], ${`{${rows.map((r) => r[1]).join(',')}}`}::float8[],
          ${`{${rows.map((r) => r[2]).join(',')}}`}::float8[])`);
      return rows.length;
    },
  });
  return importers;
}

/**
 * Imports every importer whose checksum is not yet recorded, each in its own transaction together
 * with its `data_imports` row. Idempotent: a second run imports nothing; after a crash the next run
 * completes what is missing. Runs under the import lock (one process of N does the work, the
 * others wait for it). Returns the counts.
 */
export async function importData(
  h: DatabaseHandle,
  importers: Importer[],
  onProgress?: (p: ImportProgress) => void,
): Promise<{ imported: number; skipped: number; rows: number }> {
  return h.withLock(LOCKS.import, async () => {
    const done = new Map(
      (await h.query<{ name: string; checksum: string }>(sql`select name, checksum from data_imports`)).map((r) => [r.name, r.checksum]),
    );
    const pending = importers.filter((i) => done.get(i.name) !== i.checksum);
    const total = pending.reduce((s, i) => s + i.weight, 0);
    const progress: ImportProgress = { done: 0, total, current: '', imported: 0, skipped: importers.length - pending.length };
    let rows = 0;
    for (const imp of pending) {
      progress.current = imp.name;
      onProgress?.({ ...progress });
      await h.db.transaction(async (tx) => {
        const n = await imp.run(tx as unknown as Database);
        rows += n;
        await tx.execute(sql`insert into data_imports (name, checksum, rows) values (${imp.name}, ${imp.checksum}, ${n})
          on conflict (name) do update set checksum = excluded.checksum, rows = excluded.rows, imported_at = now()`);
      });
      progress.done += imp.weight;
      progress.imported++;
      onProgress?.({ ...progress });
    }
    return { imported: progress.imported, skipped: progress.skipped, rows };
  });
}
