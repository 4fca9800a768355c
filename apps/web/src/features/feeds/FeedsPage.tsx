import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/layout/PageShell';

/** Trending feed (route `feeds`). Filled by the news work. */
export default function FeedsPage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('feeds.heading')} intro={t('feeds.intro')} emptyTitle={t('feeds.empty')} emptyBody={t('feeds.emptyBody')} testId="feeds-empty" />;
}
