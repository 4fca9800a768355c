import { QueryClient } from '@tanstack/react-query';
import { isCancelled } from '../lib/api';

/**
 * Shared react-query client. Status-500 retries are done by the API client; here a request that was
 * cancelled by a navigation is simply fetched again when a mounted component still needs it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isCancelled(error) && failureCount < 2,
        retryDelay: 0,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
