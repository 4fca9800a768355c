import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SimplePage } from '../../components/layout/PageShell';

/** One news item (route `feeds/:id`). Filled by the news work. */
export default function FeedDetailPage() {
  const { t } = useTranslation('pages');
  const { lang } = useParams();
  return (
    <SimplePage heading={t('feedDetail.heading')} emptyTitle={t('feedDetail.empty')} emptyBody={t('feedDetail.emptyBody')}>
      <p className="mt-4 text-[13px]">
        <Link to={`/${lang}/feeds`} className="text-primary-600 hover:underline dark:text-primary-400">
          {t('feedDetail.back')}
        </Link>
      </p>
    </SimplePage>
  );
}
