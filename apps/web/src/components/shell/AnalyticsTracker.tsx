import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { usePublicConfig } from '../../lib/public-config';
import { analyticsEnabled, extractUtm, renewVisitorId, sendEvent } from '../../lib/analytics';
import { useSession } from '../../lib/session';
import type { RouteMeta } from '../../app/route-meta';


/**
 * Reports a page view for routes flagged for analytics with the user id or Guest, the
 * user name, the language and the record id; sends utm_* then removes them from the URL. Only on
 * the configured analytics host. A change of signed-in identity starts a new visitor id.
 */
export function AnalyticsTracker({ meta }: { meta: RouteMeta }) {
  const cfg = usePublicConfig();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const { userId, userName } = useSession();
  const lastUser = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    if (lastUser.current !== undefined && lastUser.current !== userId) renewVisitorId();
    lastUser.current = userId;
  }, [userId]);
  useEffect(() => {
    if (!cfg.data) return;
    const { utm, rest } = extractUtm(location.search);
    const hasUtm = Object.keys(utm).length > 0;
    if (analyticsEnabled(cfg.data.analytics_host) && meta.analytics) {
      void sendEvent({
        type: 'pageview',
        url: window.location.href,
        title: document.title,
        referrer: document.referrer || undefined,
        route: meta.name,
        props: { user_id: userId ? String(userId) : 'Guest', user_name: userName ?? null, lang: params.lang ?? null, record_id: params.id ?? null },
        utm,
      });
    }
    if (hasUtm) navigate({ pathname: location.pathname, search: rest, hash: location.hash }, { replace: true });
    // one report per page (path); utm removal re-renders with the same path
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cfg.data, location.pathname]);
  return null;
}
