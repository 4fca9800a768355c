import { Link, useParams } from 'react-router';
import type { Feed } from '@coinlens/contracts';
import { Skeleton } from '../../../components/ui';
import { ClusterBadge, CoinTrendChip, HeatBadge, ImportanceBadge, TimeAgo } from './feed-bits';

/** One news row: importance, source, time, headline, lead, coins with their marks, coverage, heat. */
export function FeedCard({ feed, compact = false }: { feed: Feed; compact?: boolean }) {
  const { lang } = useParams();
  return (
    <article className="border-b border-border px-3 py-3 last:border-b-0 sm:px-4" data-testid="feed-card" data-feed-id={feed.id}>
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <ImportanceBadge importance={feed.importance} />
        <span className="truncate text-[12px] font-medium text-fg">{feed.source}</span>
        <TimeAgo iso={feed.published_at} />
        <span className="ml-auto">
          <HeatBadge heat={feed.heat} />
        </span>
      </div>
      <h3 className={`${compact ? 'text-[13px]' : 'text-[14px]'} font-semibold leading-snug text-fg`}>
        <Link to={`/${lang}/feeds/${encodeURIComponent(feed.id)}`} className="hover:text-primary-600 dark:hover:text-primary-400" data-testid="feed-title">
          {feed.title}
        </Link>
      </h3>
      {!compact && feed.content && <p className="mt-1 line-clamp-2 text-[13px] leading-relaxed text-muted">{feed.content}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-1.5">
        {feed.related_cryptocurrencies.map((c) => (
          <CoinTrendChip key={c.cryptocurrency_id} coin={c} />
        ))}
        <span className="ml-auto">
          <ClusterBadge cluster={feed.cluster} />
        </span>
      </div>
    </article>
  );
}

/** Loading placeholder of `n` feed rows. */
export function FeedCardSkeleton({ n = 4 }: { n?: number }) {
  return (
    <div aria-busy="true">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="space-y-2 border-b border-border px-3 py-3 last:border-b-0 sm:px-4">
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
