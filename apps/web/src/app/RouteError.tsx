import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/ErrorState';

/**
 * What a page shows instead of React Router's developer screen when it cannot render: most often
 * its code chunk failed to load because the connection dropped (lib/retry `retryImport` has already
 * tried again). The header, the offline toast and the footer stay; the page reloads by itself when
 * the browser is back online, and "Try again" reloads it at once.
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (!chunk) console.error(error);
    const online = () => window.location.reload();
    window.addEventListener('online', online, { once: true });
    return () => window.removeEventListener('online', online);
  }, [chunk, error]);
  return (
    <div className="mx-auto max-w-xl px-4 py-12" data-testid="route-error">
      <ErrorState messageKey={chunk ? 'shell:network.pageNotLoaded' : undefined} onRetry={() => window.location.reload()} />
    </div>
  );
}

/** True for a failed dynamic import (Chromium, Firefox and Safari word it differently). */
export function isChunkLoadError(err: unknown): boolean {
  const msg = err instanceof Error ? err.message : String(err ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i.test(msg);
}
