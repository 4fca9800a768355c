import { useTranslation } from 'react-i18next';
import { Container } from '../../components/layout/PageShell';
import { ReplayBadge } from '../../components/ReplayBadge';
import { WatchlistView } from './WatchlistView';

/** Route `following`: the full watchlist. */
export default function FollowingPage() {
  const { t } = useTranslation('shell');
  return (
    <Container className="space-y-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold sm:text-2xl">{t('watchlist')}</h1>
        <ReplayBadge />
      </div>
      <WatchlistView />
    </Container>
  );
}
