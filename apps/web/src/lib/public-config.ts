import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The public runtime configuration (`GET /api/config`: support e-mail, analytics host, market
 * source, AI writer), loaded once per page load and shared by the footer, the legal pages and the
 * analytics tracker. Not retried: whoever needs a field has a fallback while it is missing.
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api('getConfig', {}, { signal, retries: 0, navigationScoped: false }),
    staleTime: Infinity,
    retry: false,
  });
}
