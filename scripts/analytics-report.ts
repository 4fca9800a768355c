/**
 * `npm run analytics:report [-- --days N]`: page views per route per day (UTC) from the
 * self-hosted analytics table, newest day first. Reads DATABASE_URL, else the PGlite database in
 * DATA_DIR (default ./.data) — stop the server first when it runs on PGlite (one process at a time).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@coinlens/db';

const i = process.argv.indexOf('--days');
const days = i > 0 ? Number(process.argv[i + 1]) : 30;
if (!Number.isInteger(days) || days < 1) {
  console.error('--days must be a positive whole number');
  process.exit(2);
}
const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: path.join(path.resolve(process.env.DATA_DIR ?? './.data'), 'pglite') });
const since = Date.now() - days * 86_400_000;
const rows = await db.query<{ day: string; route: string; views: number; visitors: number }>(sql`
  select to_char(to_timestamp(created_at / 1000.0) at time zone 'UTC', 'YYYY-MM-DD') as day,
         coalesce(route, path) as route, count(*)::int as views, count(distinct visitor_id)::int as visitors
  from analytics_events where type = 'pageview' and created_at >= ${since}
  group by 1, 2 order by 1 desc, 3 desc`);
await db.close();
if (!rows.length) {
  console.log(`No page views in the last ${days} days.`);
} else {
  const w = Math.max(5, ...rows.map((r) => r.route.length));
  console.log(`${'day'.padEnd(10)}  ${'route'.padEnd(w)}  ${'views'.padStart(6)}  ${'visitors'.padStart(8)}`);
  for (const r of rows) console.log(`${r.day}  ${r.route.padEnd(w)}  ${String(r.views).padStart(6)}  ${String(r.visitors).padStart(8)}`);
}
