import { useTranslation } from 'react-i18next';
import { Container, SimplePage } from '../../components/layout/PageShell';

/** Route `about-us`. */
export function AboutUsPage() {
  const { t } = useTranslation('pages');
  return (
    <Container className="py-6">
      <h1 className="mb-4 text-xl font-semibold sm:text-2xl">{t('aboutUs.heading')}</h1>
      <div className="max-w-3xl space-y-3 rounded-lg border border-border bg-surface p-5 text-[14px] leading-relaxed">
        <p>{t('aboutUs.p1')}</p>
        <p>{t('aboutUs.p2')}</p>
      </div>
    </Container>
  );
}

/** Route `privacy-policy`. Full text comes with the legal work. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('privacyPolicy.heading')} emptyTitle={t('privacyPolicy.empty')} emptyBody={t('privacyPolicy.emptyBody')} />;
}

/** Route `terms-of-service` (the user agreement). Full text comes with the legal work. */
export function TermsOfServicePage() {
  const { t } = useTranslation('pages');
  return <SimplePage heading={t('termsOfService.heading')} emptyTitle={t('termsOfService.empty')} emptyBody={t('termsOfService.emptyBody')} />;
}
