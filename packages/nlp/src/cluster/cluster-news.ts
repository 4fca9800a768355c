/**
 * Event clustering: group reports of the same event from different sources within a time window.
 *
 * Method (documented, deterministic):
 *  - Each item is reduced to a set of title tokens (plus the first sentence of the summary at half
 *    weight): lower-case, punctuation stripped, English stop words dropped, light stemming
 *    (possessive 's, plural s, -ed, -ing), numbers kept with their unit ("97k", "356m", "5%");
 *    Chinese text contributes character bigrams.
 *  - Dates ("June 10", "10th June", "6/23") and years (2010–2029) are removed: every daily roundup has one.
 *  - Token weights: numbers 1.5, very common crypto words (bitcoin, crypto, price, market, btc…) 0.4,
 *    other tokens 1, summary tokens × 0.5.
 *  - Similarity: weighted cosine between two token sets
 *    sim(A, B) = Σ_{t∈A∩B} a_t·b_t / √(Σ a_t² · Σ b_t²).
 *  - An item joins the most similar cluster whose first item is within `windowMs` (default 36 h) and
 *    whose best member similarity is ≥ `threshold` (default 0.45); otherwise it starts a new cluster.
 *    Items are processed in time order (ties by id), so the result does not depend on input order.
 *  The threshold was chosen by reading pairs from the shipped crypto-news set: ≥ 0.45 pairs report the
 *  same event; below ~0.35 they mostly share only the coin name and a generic verb.
 */

/** A news item to cluster. `publishedAt`: epoch milliseconds. */
export interface ClusterableNews {
  id: string;
  title: string;
  summary?: string;
  source: string;
  publishedAt: number;
}

/** A cluster (also the state kept by a streaming ingester for {@link assignCluster}). */
export interface NewsCluster {
  /** Id of the first item of the cluster (stable). */
  clusterId: string;
  itemIds: string[];
  /** Distinct sources, in order of first appearance. */
  sources: string[];
  size: number;
  /** Epoch ms of the first and the latest item. */
  firstPublishedAt: number;
  lastPublishedAt: number;
  /** Token weight vectors of up to `maxSignatures` members (the earliest ones), used for matching. */
  signatures: Record<string, number>[];
}

/** Options of the clustering functions. */
export interface ClusterOptions {
  /** Maximum time between a cluster's first item and a new member, ms (default 36 h). */
  windowMs?: number;
  /** Minimum weighted cosine similarity to join a cluster (default 0.45). */
  threshold?: number;
  /** Signatures kept per cluster (default 8). */
  maxSignatures?: number;
}

/** Defaults of {@link ClusterOptions}. */
export const CLUSTER_DEFAULTS: Required<ClusterOptions> = { windowMs: 36 * 3600_000, threshold: 0.45, maxSignatures: 8 };

const STOP = new Set(
  ('a an the and or but of to in on at for from by with as is are was were be been being it its this that these those ' +
    'into over under after before amid about than then so such via vs just now new says said say report reports ' +
    'could would should may might will can has have had do does did not no up down out what why how when where who ' +
    'which here there more most less least very also still yet again per week weeks today day days year years ' +
    'analyst analysts news update latest breaking here’s heres s t best top now going why need know')
    .split(' '),
);
const GENERIC = new Set(['bitcoin', 'btc', 'crypto', 'cryptocurrency', 'price', 'market', 'eth', 'ethereum', 'token', 'coin', 'trader', 'investor', 'analysis', 'prediction']);

const MONTH_DATE = /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\b\d{1,2}[/-]\d{1,2}\b/g;

function stem(w: string): string {
  if (w.length > 4 && w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Token weights of one text (see the module doc). */
export function titleSignature(title: string, summary?: string): Record<string, number> {
  // no prototype: a token such as "constructor" or "valueof" must not read Object's properties
  const sig: Record<string, number> = Object.create(null) as Record<string, number>;
  const addText = (text: string, factor: number) => {
    const s = text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/['’]s\b/g, '')
      .replace(MONTH_DATE, ' ')
      .replace(/\b20[12]\d\b/g, ' ');
    for (const m of s.matchAll(/\$?\d[\d,]*(?:\.\d+)?\s?(?:%|k|m|b|bn|million|billion|trillion)?|[a-z][a-z0-9-]*|[\u3400-\u9fff]+/g)) {
      let tok = m[0];
      let w: number;
      if (/^[\u3400-\u9fff]/.test(tok)) {
        for (let i = 0; i + 2 <= tok.length; i++) {
          const bg = tok.slice(i, i + 2);
          sig[bg] = Math.max(sig[bg] ?? 0, factor);
        }
        if (tok.length === 1) sig[tok] = Math.max(sig[tok] ?? 0, factor);
        continue;
      }
      if (/^\$?\d/.test(tok)) {
        tok = tok.replace(/[$,\s]/g, '').replace(/million$/, 'm').replace(/billion$|bn$/, 'b').replace(/trillion$/, 't');
        w = 1.5;
      } else {
        tok = tok.replace(/-+$/, '');
        if (STOP.has(tok) || tok.length < 2) continue;
        tok = stem(tok);
        w = GENERIC.has(tok) ? 0.4 : 1;
      }
      sig[tok] = Math.max(sig[tok] ?? 0, w * factor);
    }
  };
  addText(title, 1);
  if (summary) addText(summary.split(/(?<=[.!?。！？])\s/)[0] ?? '', 0.5);
  return sig;
}

/**
 * A signature read once for many comparisons: its tokens in the order `for…in` visits them, their
 * weights, Σ weight² in that order, and a token → weight map. Kept per signature object (signatures
 * are never changed after {@link titleSignature} made them).
 */
interface PreparedSignature {
  keys: string[];
  weights: number[];
  norm2: number;
  byToken: Map<string, number>;
}
const prepared = new WeakMap<Record<string, number>, PreparedSignature>();

function prepare(sig: Record<string, number>): PreparedSignature {
  let p = prepared.get(sig);
  if (!p) {
    // Object.keys visits the keys in for…in order, so every sum below adds in the same order as before
    const keys = Object.keys(sig);
    const weights = keys.map((k) => sig[k]);
    let norm2 = 0;
    for (const w of weights) norm2 += w * w;
    p = { keys, weights, norm2, byToken: new Map(keys.map((k, i) => [k, weights[i]])) };
    prepared.set(sig, p);
  }
  return p;
}

/**
 * Weighted cosine similarity of two signatures, in [0, 1]: Σ_{t∈A∩B} a_t·b_t / √(Σ a_t² · Σ b_t²),
 * summed over A's tokens in order (so the result does not depend on how often it is asked). Each
 * signature's norm and token map are computed once (an item is compared with hundreds of clusters).
 */
export function signatureSimilarity(a: Record<string, number>, b: Record<string, number>): number {
  const pa = prepare(a);
  const pb = prepare(b);
  if (!pa.norm2 || !pb.norm2) return 0;
  let dot = 0;
  const { keys, weights } = pa;
  const other = pb.byToken;
  for (let i = 0; i < keys.length; i++) {
    const w = other.get(keys[i]);
    if (w !== undefined) dot += weights[i] * w;
  }
  return dot / Math.sqrt(pa.norm2 * pb.norm2);
}

/**
 * Place one item into `recentClusters` (mutated: the chosen cluster gets the item, or a new cluster
 * is appended). Use from a streaming ingester with the clusters of the last `windowMs`.
 * Returns the cluster, whether it is new, and the similarity that decided (1 for a new cluster).
 */
export function assignCluster(item: ClusterableNews, recentClusters: NewsCluster[], opts: ClusterOptions = {}): { cluster: NewsCluster; isNew: boolean; similarity: number } {
  const o = { ...CLUSTER_DEFAULTS, ...opts };
  const sig = titleSignature(item.title, item.summary);
  let best: NewsCluster | null = null;
  let bestSim = 0;
  for (const c of recentClusters) {
    if (Math.abs(item.publishedAt - c.firstPublishedAt) > o.windowMs) continue;
    if (c.itemIds.includes(item.id)) return { cluster: c, isNew: false, similarity: 1 };
    let sim = 0;
    for (const s of c.signatures) sim = Math.max(sim, signatureSimilarity(sig, s));
    if (sim > bestSim) {
      bestSim = sim;
      best = c;
    }
  }
  if (best && bestSim >= o.threshold) {
    best.itemIds.push(item.id);
    best.size = best.itemIds.length;
    if (!best.sources.includes(item.source)) best.sources.push(item.source);
    best.firstPublishedAt = Math.min(best.firstPublishedAt, item.publishedAt);
    best.lastPublishedAt = Math.max(best.lastPublishedAt, item.publishedAt);
    if (best.signatures.length < o.maxSignatures) best.signatures.push(sig);
    return { cluster: best, isNew: false, similarity: bestSim };
  }
  const cluster: NewsCluster = {
    clusterId: item.id,
    itemIds: [item.id],
    sources: [item.source],
    size: 1,
    firstPublishedAt: item.publishedAt,
    lastPublishedAt: item.publishedAt,
    signatures: [sig],
  };
  recentClusters.push(cluster);
  return { cluster, isNew: true, similarity: 1 };
}

/**
 * Cluster a batch of items (any order). Items are processed by (publishedAt, id); each joins the
 * best cluster within the window above the threshold. Returns clusters in order of their first item.
 * Errors: none (duplicate ids are placed once).
 */
export function clusterNews(items: readonly ClusterableNews[], opts: ClusterOptions = {}): NewsCluster[] {
  const o = { ...CLUSTER_DEFAULTS, ...opts };
  const sorted = [...items].sort((a, b) => a.publishedAt - b.publishedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const all: NewsCluster[] = [];
  let active: NewsCluster[] = [];
  for (const it of sorted) {
    active = active.filter((c) => it.publishedAt - c.firstPublishedAt <= o.windowMs);
    const { cluster, isNew } = assignCluster(it, active, o);
    if (isNew) all.push(cluster);
  }
  return all;
}
