/**
 * bench:news — time from a news item's appearance in its source's feed to its interpretation,
 * clustering and alert evaluation, in real time (no compressed clock), with the default news
 * settings (pace bounds NEWS_POLL_MIN_SECONDS / NEWS_POLL_SECONDS, job interval
 * NEWS_JOB_INTERVAL_MS, all at their defaults unless the environment sets them).
 *
 * - A local feed server on 127.0.0.1 publishes `BENCH_NEWS_SOURCES` (default 10) sources: RSS 2.0
 *   and Atom, answering conditional GETs (ETag or Last-Modified, 304); every third source names a
 *   WebSub hub (the same server), which verifies the app's subscription intent and pushes each
 *   new entry signed with `X-Hub-Signature: sha256=…`. Each source publishes at random
 *   (exponential gaps, mean `BENCH_NEWS_GAP_SECONDS`, default 20 s: three a minute), for
 *   `BENCH_NEWS_SECONDS` (default 180 s), then the run waits up to 90 s for the last items.
 * - The app: the test harness's context (embedded PostgreSQL in memory, 4 shipped coins, the
 *   built-in analyst, alerts evaluator on), listening on 127.0.0.1 (`BENCH_NEWS_PORT`, default
 *   4530) for the WebSub callbacks, loopback allowed for its guarded outbound client
 *   (OUTBOUND_ALLOW_HOSTS), the real news jobs (`startNewsJobs`), a clock that follows the wall.
 * - Publishing starts once the app's first job pass is over (it reads every feed's history, which
 *   is left out, and sets its release cursors).
 * - Appearance: when the entry is added to the feed (its `published` time is that second).
 *   Done: when the job pass that released the item returns (it has been interpreted and clustered,
 *   published on the feeds channel and `news.released` handled, the alerts evaluator included).
 *
 * Prints p50 / p95 / max of appearance → done, per delivery path (polled / pushed) and overall,
 * items not done in time, and the polls (requests, 304 share). Target: p95 ≤ 60 s.
 * Usage: npm run bench:news   (env above; BENCH_NEWS_BASELINE=1 also runs the former settings —
 * one poll of every feed each 300 s, no WebSub — for a side-by-side ratio, which needs a run of
 * several poll periods to mean anything: set BENCH_NEWS_SECONDS ≥ 900 with it).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../../apps/server/test/harness';
import { FEEDS_CHANNEL } from '../../apps/server/src/modules/news/news.pipeline';
import { startNewsJobs } from '../../apps/server/src/modules/news/news.jobs';
import { newsIdOf } from '../../apps/server/src/providers/news/types';

const SOURCES = Number(process.env.BENCH_NEWS_SOURCES ?? 10);
const GAP_S = Number(process.env.BENCH_NEWS_GAP_SECONDS ?? 20);
const RUN_S = Number(process.env.BENCH_NEWS_SECONDS ?? 180);
const PORT = Number(process.env.BENCH_NEWS_PORT ?? 4530);
const DRAIN_S = 90;

const COINS = ['Bitcoin', 'Ethereum', 'Solana', 'XRP'];
const VERBS = ['rises', 'falls', 'climbs', 'slides', 'holds steady', 'jumps'];
const WHY = ['as ETF inflows return', 'after exchange outage', 'on record network activity', 'as regulators weigh new rules', 'amid whale transfers', 'after upgrade date is set'];
let seq = 0;
/** A headline like a wire's; deterministic per sequence number. */
const headline = () => {
  const n = seq++;
  return `${COINS[n % COINS.length]} ${VERBS[(n * 7) % VERBS.length]} ${(1 + ((n * 13) % 90) / 10).toFixed(1)}% ${WHY[(n * 5) % WHY.length]} (${n})`;
};

interface Entry { url: string; title: string; at: number }
interface Source { i: number; kind: 'rss' | 'atom'; validator: 'etag' | 'last-modified'; hub: boolean; entries: Entry[]; modified: number; subscribers: { callback: string; secret: string }[] }

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const sec = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : '—');

function documentOf(s: Source, base: string, only?: Entry[]): string {
  const list = (only ?? s.entries).slice(0, 20);
  if (s.kind === 'atom') {
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Bench Wire ${s.i}</title><updated>${new Date(s.modified).toISOString()}</updated>
${s.hub ? `<link rel="hub" href="${base}/hub"/>` : ''}<link rel="self" href="${base}/feed/${s.i}"/>
${list.map((e) => `<entry><title>${e.title}</title><link href="${e.url}"/><id>${e.url}</id><published>${new Date(e.at).toISOString()}</published><summary>${e.title}. Reported by a bench wire.</summary></entry>`).join('\n')}
</feed>`;
  }
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Bench Wire ${s.i}</title><link>${base}</link>
${s.hub ? `<atom:link rel="hub" href="${base}/hub"/>` : ''}<atom:link rel="self" href="${base}/feed/${s.i}"/>
${list.map((e) => `<item><title>${e.title}</title><link>${e.url}</link><guid>${e.url}</guid><pubDate>${new Date(e.at).toUTCString()}</pubDate><description>${e.title}. Reported by a bench wire.</description></item>`).join('\n')}
</channel></rss>`;
}

async function run(label: string, env: Record<string, string>, useHubs: boolean) {
  const sources: Source[] = Array.from({ length: SOURCES }, (_, i) => ({ i, kind: i % 2 ? 'atom' : 'rss', validator: i % 3 === 1 ? 'last-modified' : 'etag', hub: useHubs && i % 3 === 0, entries: [], modified: Date.now() - 3_600_000, subscribers: [] }));
  // ten older items per source at the same pace as it publishes (its history), listed at the first read (left out of the figures)
  for (const s of sources) {
    let at = Date.now();
    for (let k = 1; k <= 10; k++) {
      at -= Math.round(-Math.log(1 - Math.random()) * GAP_S * 1000);
      s.entries.push({ url: `https://bench-wire-${s.i}.test/old/${k}`, title: headline(), at });
    }
    s.modified = s.entries[0].at;
  }
  const polls = { total: 0, notModified: 0, pushes: 0 };
  let base = '';
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/hub') {
      let b = '';
      req.on('data', (c) => (b += c)).on('end', () => {
        const f = new URLSearchParams(b);
        res.writeHead(202).end();
        const s = sources.find((x) => `${base}/feed/${x.i}` === f.get('hub.topic'));
        if (!s || f.get('hub.mode') !== 'subscribe') return;
        // intent verification, then the subscription is active
        const challenge = crypto.randomBytes(8).toString('hex');
        const cb = new URL(f.get('hub.callback')!);
        cb.searchParams.set('hub.mode', 'subscribe');
        cb.searchParams.set('hub.topic', f.get('hub.topic')!);
        cb.searchParams.set('hub.challenge', challenge);
        cb.searchParams.set('hub.lease_seconds', '86400');
        http.get(cb, (r) => {
          let body = '';
          r.on('data', (c) => (body += c)).on('end', () => {
            // one subscription per callback: a renewal replaces it
            if (r.statusCode === 200 && body === challenge) s.subscribers = [...s.subscribers.filter((x) => x.callback !== f.get('hub.callback')), { callback: f.get('hub.callback')!, secret: f.get('hub.secret') ?? '' }];
          });
        }).on('error', () => undefined);
      });
      return;
    }
    const m = /^\/feed\/(\d+)$/.exec(req.url ?? '');
    const s = m ? sources[Number(m[1])] : undefined;
    if (!s) return res.writeHead(404).end();
    polls.total++;
    const body = documentOf(s, base);
    if (s.validator === 'etag') {
      const etag = `"${crypto.createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) {
        polls.notModified++;
        return res.writeHead(304, { etag }).end();
      }
      return res.writeHead(200, { etag, 'content-type': s.kind === 'atom' ? 'application/atom+xml' : 'application/rss+xml' }).end(body);
    }
    const lm = new Date(s.modified).toUTCString();
    const ims = Date.parse(String(req.headers['if-modified-since'] ?? ''));
    if (Number.isFinite(ims) && ims >= Math.floor(s.modified / 1000) * 1000) {
      polls.notModified++;
      return res.writeHead(304, { 'last-modified': lm }).end();
    }
    return res.writeHead(200, { 'last-modified': lm, 'content-type': s.kind === 'atom' ? 'application/atom+xml' : 'application/rss+xml' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const t = await createTestApp({
    symbols: ['BTC', 'ETH', 'SOL', 'XRP'],
    timeframes: ['1h'],
    now: Date.now(),
    env: { NEWS_FEEDS: sources.map((s) => `${base}/feed/${s.i}`).join(','), OUTBOUND_ALLOW_HOSTS: '127.0.0.1', ...(useHubs ? { NEWS_WEBSUB_CALLBACK_URL: `http://127.0.0.1:${PORT}` } : {}), ...env },
  });
  await t.app.listen({ port: PORT, host: '127.0.0.1' });
  // the clock follows the wall, as the live clock does
  const tick = setInterval(() => t.clock.set(Date.now()), 50);
  const appeared = new Map<string, { at: number; source: number; pushed: boolean }>();
  const done = new Map<string, number>();
  let releasedInPass: string[] = [];
  const off = await t.ctx.pubsub.subscribe(FEEDS_CHANNEL, (m) => releasedInPass.push(...(m as { ids: string[] }).ids));
  const pipeline = t.ctx.newsPipeline;
  const runOnce = pipeline.runJobsOnce.bind(pipeline);
  // a pass returns once its release was handled (news.released reactions awaited, the alerts evaluator among them)
  let firstPass: () => void = () => undefined;
  const firstPassDone = new Promise<void>((r) => (firstPass = r));
  pipeline.runJobsOnce = async (o) => {
    const r = await runOnce(o);
    firstPass();
    const at = Date.now();
    for (const id of releasedInPass) if (!done.has(id)) done.set(id, at);
    releasedInPass = [];
    return r;
  };
  const stopJobs = startNewsJobs({ news: pipeline, db: t.ctx.db, intervalMs: t.env.NEWS_JOB_INTERVAL_MS, startDelayMs: 0, log: (m) => { if (process.env.BENCH_DEBUG) console.log(m); } });

  const publish = (s: Source) => {
    const at = Date.now();
    const e: Entry = { url: `https://bench-wire-${s.i}.test/${at}-${seq}`, title: headline(), at };
    s.entries.unshift(e);
    s.modified = at;
    appeared.set(newsIdOf('rss', e.url), { at, source: s.i, pushed: s.subscribers.length > 0 });
    for (const sub of s.subscribers) {
      const body = documentOf(s, base, [e]);
      const req = http.request(sub.callback, { method: 'POST', headers: { 'content-type': s.kind === 'atom' ? 'application/atom+xml' : 'application/rss+xml', 'x-hub-signature': 'sha256=' + crypto.createHmac('sha256', sub.secret).update(body).digest('hex') } });
      req.on('error', () => undefined);
      req.end(body);
      polls.pushes++;
    }
  };
  // The first pass reads every feed's history and only sets the release cursors: publishing starts after it.
  await firstPassDone;
  const started = Date.now();
  const timers = sources.map((s) => {
    let h: NodeJS.Timeout;
    const next = () => {
      h = setTimeout(() => {
        if (Date.now() - started >= RUN_S * 1000) return;
        publish(s);
        next();
      }, -Math.log(1 - Math.random()) * GAP_S * 1000);
    };
    next();
    return () => clearTimeout(h);
  });
  process.stdout.write(`${label}: publishing for ${RUN_S} s on ${SOURCES} sources (${sources.filter((s) => s.hub).length} with a hub)…\n`);
  await new Promise((r) => setTimeout(r, RUN_S * 1000));
  const drainUntil = Date.now() + DRAIN_S * 1000;
  while (Date.now() < drainUntil && [...appeared.keys()].some((id) => !done.has(id))) await new Promise((r) => setTimeout(r, 500));
  timers.forEach((c) => c());
  await stopJobs();
  await off();
  const lost = [...appeared.keys()].filter((id) => !done.has(id));
  const lostRows = lost.length ? await t.ctx.db.query<{ id: string; ingested_at: number; interpreted_at: number | null; published_at: number }>(sql`select id, ingested_at, interpreted_at, published_at from news_items where id in ${sql.raw(`(${lost.map((x) => `'${x}'`).join(',')})`)}`) : [];
  for (const id of lost) {
    const row = lostRows.find((r) => r.id === id);
    if (process.env.BENCH_DEBUG) console.log(row, await t.ctx.db.query(sql`select name, position from news_cursors where name like 'release%'`).catch((e) => String(e)));
    console.log(`  not done: ${id} (source ${appeared.get(id)!.source}) ${row ? `stored ${Number(row.ingested_at) - appeared.get(id)!.at} ms after it appeared, ${row.interpreted_at == null ? 'not interpreted' : 'interpreted, not released'}` : 'never stored'}`);
  }
  clearInterval(tick);
  await t.close();
  await new Promise<void>((r) => server.close(() => r()));

  const all: number[] = [];
  const byPath = { polled: [] as number[], pushed: [] as number[] };
  let missing = 0;
  for (const [id, a] of appeared) {
    const d = done.get(id);
    if (d == null) {
      missing++;
      continue;
    }
    all.push(d - a.at);
    byPath[a.pushed ? 'pushed' : 'polled'].push(d - a.at);
  }
  return { label, n: appeared.size, all, byPath, missing, polls };
}

const fmt = (r: Awaited<ReturnType<typeof run>>) => [
  `${r.label}: ${r.n} items appeared, ${r.all.length} done, ${r.missing} not done within ${DRAIN_S} s after the run`,
  `  appearance → interpreted + clustered + alert-evaluated: p50 ${sec(pct(r.all, 50))}, p95 ${sec(pct(r.all, 95))}, max ${sec(Math.max(...r.all))}  (target p95 ≤ 60 s: ${pct(r.all, 95) <= 60_000 && r.missing === 0 ? 'met' : 'NOT met'})`,
  `  polled items (n = ${r.byPath.polled.length}): p50 ${sec(pct(r.byPath.polled, 50))}, p95 ${sec(pct(r.byPath.polled, 95))}`,
  `  pushed items (n = ${r.byPath.pushed.length}): p50 ${sec(pct(r.byPath.pushed, 50))}, p95 ${sec(pct(r.byPath.pushed, 95))}`,
  `  feed requests ${r.polls.total} (${r.polls.total ? Math.round((100 * r.polls.notModified) / r.polls.total) : 0} % answered 304), WebSub pushes ${r.polls.pushes}`,
].join('\n');

const current = await run('default settings', {}, true);
console.log(fmt(current));
if (process.env.BENCH_NEWS_BASELINE === '1') {
  const baseline = await run('former settings (every feed each 300 s, no WebSub)', { NEWS_POLL_MIN_SECONDS: '300', NEWS_POLL_SECONDS: '300' }, false);
  console.log(fmt(baseline));
  console.log(`ratio p95 former / default: ${(pct(baseline.all, 95) / pct(current.all, 95)).toFixed(1)}×`);
}
process.exit(current.missing === 0 && pct(current.all, 95) <= 60_000 ? 0 : 1);
