import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
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

/** Root component: providers + router. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </QueryClientProvider>
  );
}
