import { useTranslation } from 'react-i18next';
import type { CoinRef } from '@coinlens/contracts';
import { Panel } from '../../components/ui';
import { FeedList, useFeedsStream } from '../feeds';

/**
 * News of one coin on its page: the feed list filtered by `cryptocurrency_id` (bullish/bearish
 * marks, importance, source), paged by 10, refreshed live when the clock releases news.
 */
export function CoinNews({ coinRef, symbol }: { coinRef: CoinRef; symbol: string }) {
  const { t } = useTranslation('coin');
  useFeedsStream();
  return (
    <Panel title={t('news.title', { symbol })} className="overflow-hidden">
      <FeedList filters={{ filter: 'all', heat: 'all', coin: coinRef }} compact testId="coin-news" empty={{ title: t('news.empty', { symbol }), body: t('news.emptyBody') }} />
    </Panel>
  );
}
