import type { Importer } from '@coinlens/db';
import { readShippedNews, shippedNewsFiles } from '../../providers/news/replay/replay-provider';
import { NewsRepository } from './news.repository';

/**
 * Importers of the shipped news (data/news/*.jsonl[.gz]) for `importData`: each file in one
 * transaction with its data_imports row; rows already stored (same id or normalised URL) are kept.
 * All items are stored at once and released by the clock in queries (published_at ≤ now), see
 * docs/decisions/010-news-release-on-replay-clock.md. `range` (ms) limits the items (tests import a
 * day or two; the importer name then carries the range so a full import later still runs).
 */
export function newsImporters(dataDir: string, range: { from?: number; to?: number } = {}): Importer[] {
  const suffix = range.from != null || range.to != null ? `@${range.from ?? ''}-${range.to ?? ''}` : '';
  return shippedNewsFiles(dataDir).map((f) => ({
    name: f.name + suffix,
    checksum: f.checksum,
    weight: f.bytes,
    async run(tx) {
      const items = readShippedNews(f.file, range);
      return NewsRepository.insertItems(tx, items, 'replay', 0);
    },
  }));
}
