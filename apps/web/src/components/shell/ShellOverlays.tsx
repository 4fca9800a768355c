import type { RouteMeta } from '../../app/route-meta';
import { AnalyticsTracker } from './AnalyticsTracker';
import { CookieBanner } from './CookieBanner';
import { NetworkStatus } from './NetworkStatus';
import { ScrollToTop } from './ScrollToTop';
import { Toaster } from './Toaster';
import { UpdateChecker } from './UpdateChecker';

/** Everything the shell shows above pages: toasts, cookie banner, back-to-top, network and update watchers, analytics. */
export function ShellOverlays({ meta }: { meta: RouteMeta }) {
  return (
    <>
      <Toaster />
      <NetworkStatus />
      <UpdateChecker />
      <AnalyticsTracker meta={meta} />
      <ScrollToTop />
      <CookieBanner />
    </>
  );
}
