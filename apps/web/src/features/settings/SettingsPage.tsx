import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Container } from '../../components/layout/PageShell';
import { ErrorState, Skeleton } from '../../components/ui';
import { isSupportedLang } from '../../lib/locale';
import { ME_QUERY_KEY, useMe } from '../../lib/session';
import { AccountDataSection } from './AccountDataSection';
import { AppearanceSection } from './AppearanceSection';
import { EmailSection } from './EmailSection';
import { LinkedAccountsSection } from './LinkedAccountsSection';
import { MembershipSection } from './MembershipSection';
import { ProfileSection } from './ProfileSection';
import { AlertsSettingsLink } from '../alerts';

/** Profile settings (route `settings`, login required; the layout sends visitors to register). */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { lang: raw } = useParams();
  const lang = isSupportedLang(raw) ? raw : 'en-US';
  const qc = useQueryClient();
  const { me, loading, error, refetch } = useMe();
  const refresh = () => void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
  return (
    <Container className="py-6">
      <h1 className="mb-4 text-xl font-semibold text-fg sm:text-2xl">{t('title')}</h1>
      {loading || (!me && !error) ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : !me ? (
        <ErrorState messageKey={error ? `errors:${(error as { code?: string }).code ?? 'INTERNAL'}` : undefined} onRetry={() => void refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="settings-page">
          <div className="space-y-4">
            <ProfileSection key={me.id} me={me} />
          </div>
          <div className="space-y-4">
            <MembershipSection me={me} lang={lang} />
            <EmailSection me={me} onChanged={refresh} />
            <LinkedAccountsSection me={me} lang={lang} onChanged={refresh} />
            <AlertsSettingsLink lang={lang} />
            <AppearanceSection />
            <AccountDataSection me={me} lang={lang} />
          </div>
        </div>
      )}
    </Container>
  );
}
