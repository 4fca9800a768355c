/**
 * Unlabelled crypto headlines for self-training: the English titles of the shipped news
 * (data/news/*.jsonl[.gz]), sponsored rows and repeated titles dropped, in file order. Node-only.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const NEWS = [
  new URL('../../../../data/news/en_2025-05_08_btc-news_cryptocompare.jsonl.gz', import.meta.url),
  new URL('../../../../data/news/en_2026-01_rss_free-crypto-news.jsonl', import.meta.url),
];

/** Every item of the shipped news files, parsed, in file order (the 2025 file, then the 2026 one). */
function* newsItems(): Generator<Record<string, unknown> & { id: string }> {
  for (const u of NEWS) {
    const path = fileURLToPath(u);
    const raw = readFileSync(path);
    const text = path.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    for (const line of text.split('\n')) if (line.trim()) yield JSON.parse(line) as Record<string, unknown> & { id: string };
  }
}

/**
 * Up to `limit` titles (every k-th of the eligible rows, so the sample spans the whole period),
 * leaving out rows whose id or title is in `exclude` (the evaluation and validation rows).
 */
export function unlabelledHeadlines(exclude: ReadonlySet<string>, limit = Infinity): string[] {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const item of newsItems()) {
    const r = item as { id: string; title: string; lang?: string; labels?: { sponsored?: boolean } };
    if (exclude.has(r.id) || exclude.has(r.title) || r.labels?.sponsored || r.lang === 'zh' || !r.title || seen.has(r.title)) continue;
    seen.add(r.title);
    rows.push(r.title);
  }
  if (rows.length <= limit) return rows;
  const step = rows.length / limit;
  return Array.from({ length: limit }, (_, i) => rows[Math.floor(i * step)]);
}

/** Publication time (ISO 8601, UTC) and outlet of one shipped headline. */
export interface HeadlineMeta {
  published_at: string;
  source: string;
  /** The publisher's lead (≤ 300 characters), '' when the feed had none. */
  summary: string;
}

/** Publication time and outlet of every shipped headline by id (data/news/*), for splits by period and outlet. */
export function headlineMeta(): Map<string, HeadlineMeta> {
  const out = new Map<string, HeadlineMeta>();
  for (const item of newsItems()) {
    const r = item as { id: string; published_at: string; source: string; summary?: string };
    out.set(r.id, { published_at: r.published_at, source: r.source, summary: r.summary ?? '' });
  }
  return out;
}

/** One shipped headline as a feed holds it (see {@link feedHeadlines}). */
export interface FeedHeadline {
  id: string;
  title: string;
  /** Publication time, ms since the epoch (UTC). */
  publishedAt: number;
  lang: string;
}

/**
 * Every shipped headline (data/news/*, both files, sponsored ones too: the app stores and reads them
 * all) with a title and a publication time, sorted by publication time: the feed the app replays,
 * from which sentiment:eval estimates feed priors as the app does.
 */
export function feedHeadlines(): FeedHeadline[] {
  const out: FeedHeadline[] = [];
  for (const item of newsItems()) {
    const r = item as { id: string; title?: string; published_at: string; lang?: string };
    const t = Date.parse(r.published_at);
    if (r.title && Number.isFinite(t)) out.push({ id: r.id, title: r.title, publishedAt: t, lang: r.lang ?? 'en' });
  }
  return out.sort((a, b) => a.publishedAt - b.publishedAt || a.id.localeCompare(b.id));
}

/** The publisher's lead of every shipped headline that has one, by id (the CNNs' lead examples, recipe.ts cnnLeadExamples). */
export function headlineLeads(): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, h] of headlineMeta()) if (h.summary) out.set(id, h.summary);
  return out;
}
