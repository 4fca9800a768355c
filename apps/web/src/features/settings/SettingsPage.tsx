import { useTranslation } from 'react-i18next';
import { SimplePage } from '../../components/layout/PageShell';

/** Profile settings (route `settings`, login required). Filled by the accounts work. */
export default function SettingsPage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('settings.heading')} emptyTitle={t('settings.empty')} emptyBody={t('settings.emptyBody')} />;
}
