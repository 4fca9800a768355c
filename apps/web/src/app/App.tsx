import { Suspense, useState } from 'react';
import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { cancelNavigationRequests } from '../lib/api';
import { createQueryClient } from './query-client';
import { buildRouteObjects } from './routes';

/** Creates the browser router; each change of path cancels the previous page's requests. */
function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
  let lastPath = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname !== lastPath) {
      lastPath = state.location.pathname;
      cancelNavigationRequests();
    }
  });
  return router;
}

/**
 * Root component: providers + router. `firstContent`: the query state the server rendered the
 * page's first content from (index.html's `#first-content` block, see main.tsx), put into the query
 * client before the first render so that render shows the same content.
 */
export function App({ firstContent }: { firstContent?: DehydratedState } = {}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (firstContent) hydrate(client, firstContent);
    return client;
  });
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
