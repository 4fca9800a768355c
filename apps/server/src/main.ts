import path from 'node:path';
import { SingleBar } from 'cli-progress';
import { openDatabase, serveBackups } from '@coinlens/db';
import { parseEnv, EnvError, dataDirOf } from './platform/env';
import { publicOriginWarning } from './platform/origin';

/** Entry point: `npm start` (via scripts/start.mjs) or `tsx apps/server/src/main.ts`. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const say = (m: string) => env.LOG_LEVEL !== 'silent' && console.log(`[coinlens] ${m}`);
  // The database (PGlite on its own thread) opens while the rest of the server's code loads.
  const ownDb = openDatabase({ url: env.DATABASE_URL, dataDir: path.join(dataDirOf(env), 'pglite'), poolSize: env.DATABASE_POOL_SIZE, sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB });
  ownDb.catch(() => undefined);
  const [{ createContext }, { buildApp }] = await Promise.all([import('./context'), import('./app')]);
  let bar: SingleBar | null = null;
  let lastPct = -10;
  const ctx = await createContext(env, {
    ownDb,
    log: say,
    onImportProgress(p) {
      if (p.total === 0) return;
      if (process.stdout.isTTY) {
        if (!bar) {
          say('first start: importing the shipped data set (real Binance candles, coins, Fear & Greed)…');
          bar = new SingleBar({ format: '  import [{bar}] {percentage}% | {current}', hideCursor: true, clearOnComplete: false });
          bar.start(p.total, 0, { current: '' });
        }
        bar.update(p.done, { current: p.current });
        if (p.done >= p.total) bar.stop();
      } else {
        const pct = Math.floor((p.done / p.total) * 100);
        if (pct >= lastPct + 10 || p.done >= p.total) {
          lastPct = pct;
          say(`import ${pct}% (${p.imported} files)`);
        }
      }
    },
  });
  const app = await buildApp(ctx, {
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
  });
  // The embedded database is this process' alone: `npm run db:backup` asks it for a dump over a
  // local owner-only socket beside the data directory (nothing is served over HTTP).
  const backups = env.DATABASE_URL ? null : await serveBackups(ctx.db, path.join(dataDirOf(env), 'pglite'), (m) => say(`WARNING: ${m}`));
  const close = async (signal: string) => {
    say(`${signal}: shutting down`);
    await backups?.close();
    await app.close();
    await ctx.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
  const originWarning = publicOriginWarning(env);
  if (originWarning) {
    app.log.warn(originWarning);
    say(`WARNING: ${originWarning}`);
  }
  const info = ctx.market.clockInfo();
  say(
    `serving http://${env.HOST}:${env.PORT}  (market: ${info.market_source}${info.mode === 'replay' ? `, replay at ${new Date(info.now).toISOString()} ×${info.speed}` : ''}; database: ${ctx.db.kind})`,
  );
}

main().catch((e) => {
  console.error('[coinlens] failed to start:', e instanceof Error ? e.message : e);
  process.exit(1);
});
