import type { NewsRow } from './news.repository';

/** In-process events of the news module (platform/events), by name. */
export interface NewsEvents {
  /** Emitted by NewsPipeline with the items a release pass published (never empty); the alerts evaluator reacts. */
  'news.released': { rows: NewsRow[] };
}
