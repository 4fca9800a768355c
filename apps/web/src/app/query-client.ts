import { QueryClient } from '@tanstack/react-query';
import { queryRetry, queryRetryDelay } from '../lib/retry';

/**
 * Shared react-query client. Status-500 retries of GETs are done by the API client; here a request
 * that was cancelled by a navigation is simply fetched again when a mounted component still needs
 * it, and a read the server shed (503 with retry-after, e.g. while it warms up) is asked again after
 * the time it gives. A 4xx is never retried, and mutations (POSTs) never are (lib/retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: queryRetry,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
