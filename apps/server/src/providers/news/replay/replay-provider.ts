import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Clock } from '../../../platform/clock';
import { repairSentenceJoins, type NewsBatch, type NewsProvider, type RawNewsItem } from '../types';

/** One shipped news file (data/news/*.jsonl or *.jsonl.gz) with its checksum. */
export interface ShippedNewsFile {
  name: string;
  file: string;
  checksum: string;
  bytes: number;
}

/** The shipped news files under `dataDir/news`, sorted by name. */
export function shippedNewsFiles(dataDir: string): ShippedNewsFile[] {
  const dir = path.join(dataDir, 'news');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.jsonl(\.gz)?$/.test(f))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      const raw = fs.readFileSync(file);
      return { name: `news/${f}`, file, checksum: crypto.createHash('sha256').update(raw).digest('hex').slice(0, 32), bytes: raw.length };
    });
}

/**
 * Reads one shipped JSON Lines file (schema in data/news/SOURCE.md) into items, keeping those with
 * `from ≤ published_at < to` (ms; both optional). Malformed lines are skipped.
 */
export function readShippedNews(file: string, range: { from?: number; to?: number } = {}): RawNewsItem[] {
  const raw = fs.readFileSync(file);
  const textData = file.endsWith('.gz') ? zlib.gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  const out: RawNewsItem[] = [];
  for (const line of textData.split('\n')) {
    if (!line.trim()) continue;
    let r: any;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    const t = Date.parse(r.published_at);
    if (!r.id || !r.url || !r.title || !Number.isFinite(t)) continue;
    if (range.from != null && t < range.from) continue;
    if (range.to != null && t >= range.to) continue;
    out.push({
      id: String(r.id),
      publishedAt: t,
      source: String(r.source ?? ''),
      url: String(r.url),
      title: String(r.title),
      summary: repairSentenceJoins(String(r.summary ?? '')),
      lang: r.lang === 'zh' ? 'zh' : 'en',
      coins: Array.isArray(r.coins) ? r.coins.map(String) : [],
      labels: r.labels && typeof r.labels === 'object' ? r.labels : {},
    });
  }
  return out;
}

/**
 * The shipped real news as a provider: each fetch returns the items whose `published_at` lies in
 * (cursor, clock.now()], i.e. exactly what the replay clock has released since the last fetch, and
 * never an item from the clock's future. Used to ingest the shipped news incrementally; the default
 * start-up path imports all items at once and filters by the clock in queries (decision 010).
 */
export class ReplayNewsProvider implements NewsProvider {
  readonly name = 'replay';
  readonly origin = 'replay' as const;
  private items: RawNewsItem[] | null = null;
  constructor(private readonly dataDir: string, private readonly clock: Clock, private readonly range: { from?: number; to?: number } = {}) {}
  async fetch(cursor: string | null): Promise<NewsBatch> {
    if (!this.items) {
      this.items = shippedNewsFiles(this.dataDir).flatMap((f) => readShippedNews(f.file, this.range));
      this.items.sort((a, b) => a.publishedAt - b.publishedAt);
    }
    const now = this.clock.now();
    const since = cursor ? Number(cursor) : Number.NEGATIVE_INFINITY;
    const items = this.items.filter((i) => i.publishedAt > since && i.publishedAt <= now);
    const newest = items.length ? items[items.length - 1].publishedAt : cursor ? Number(cursor) : null;
    return { items, cursor: newest == null ? null : String(newest) };
  }
}
