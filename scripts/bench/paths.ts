import { MAX_PAGE_OFFSET } from '@coinlens/contracts';

/**
 * The expensive reads `bench:flood` floods: the deepest track-record page the API
 * allows (offset MAX_PAGE_OFFSET), all pattern stats, the largest TA and news pages. Each is a valid
 * request of its contract (scripts/bench/paths.test.ts), so the flood measures work, not 400s.
 */
export const FLOOD_PATHS = [`/api/signals/track-record?offset=${MAX_PAGE_OFFSET}`, '/api/signals/pattern-stats', '/api/crypto/ta/all?limit=50', '/api/feeds/latest?limit=50'];

/** The read endpoints `bench:api` measures: name and path (anonymous callers, the common first pages). */
export const API_BENCH_ENDPOINTS: { name: string; path: string }[] = [
  { name: 'crypto/all', path: '/api/crypto/all' },
  { name: 'ta/all p1', path: '/api/crypto/ta/all?limit=5' },
  { name: 'ta/all p2', path: '/api/crypto/ta/all?offset=5&limit=5' },
  { name: 'ta/hot', path: '/api/crypto/ta/hot?limit=5' },
  { name: 'feeds/latest', path: '/api/feeds/latest?limit=10' },
  { name: 'feeds important zh', path: '/api/feeds/latest?limit=10&filter=important&lang=zh-CN' },
  { name: 'feeds bitcoin', path: '/api/feeds/latest?limit=10&cryptocurrency_id=bitcoin' },
  { name: 'aggregate btc', path: '/api/crypto/bitcoin/aggregate?lang=en-US' },
  { name: 'track-record', path: '/api/signals/track-record?limit=20' },
  { name: 'pattern-stats', path: '/api/signals/pattern-stats' },
  { name: 'latest_accuracy', path: '/api/crypto/latest_accuracy' },
  { name: 'health', path: '/api/health' },
];
