import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/layout/PageShell';

/** Plans and on-chain payment (route `pricing`). Filled by the payments work. */
export default function PricingPage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('pricing.heading')} intro={t('pricing.intro')} emptyTitle={t('pricing.empty')} emptyBody={t('pricing.emptyBody')} />;
}
