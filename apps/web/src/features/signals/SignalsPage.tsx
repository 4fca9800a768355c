import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/layout/PageShell';

/** Trading signals list (route `trading-signals`). Filled by the signals work. */
export default function SignalsPage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('signals.heading')} intro={t('signals.intro')} emptyTitle={t('signals.empty')} emptyBody={t('signals.emptyBody')} testId="signals-empty" />;
}
