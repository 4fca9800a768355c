import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Container } from '../../components/layout/PageShell';
import { usePublicConfig } from '../../lib/public-config';
import { AgreementText } from './AgreementText';

/** The support e-mail of the public configuration (shared cached query), null while unknown. */
function useSupportEmail(): string | null {
  const { data } = usePublicConfig();
  return data?.support_email ?? null;
}

/** Readable column for long legal text. */
function LegalColumn({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <Container className="py-6 sm:py-8">
      <div className="mx-auto max-w-3xl rounded-lg border border-border bg-surface px-4 py-5 sm:px-8 sm:py-7" data-testid={testId}>
        {children}
      </div>
    </Container>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-20 space-y-1.5">
      <h2 className="pt-2 text-base font-semibold sm:text-lg">{title}</h2>
      {children}
    </section>
  );
}

const linkClass = 'font-medium text-primary-600 hover:underline dark:text-primary-400';

/** Route `about-us`: what Coinlens is, who runs it, and the credited data sources (data/NOTICE). */
export function AboutUsPage() {
  const { t } = useTranslation('legal');
  const { lang } = useParams();
  const credits = ['binance', 'cmc', 'feargreed', 'news', 'icons'] as const;
  return (
    <LegalColumn testId="about-page">
      <article className="space-y-3 text-[14px] leading-relaxed">
        <h1 className="text-xl font-semibold sm:text-2xl">{t('about.heading')}</h1>
        <p>{t('about.p1')}</p>
        <p>{t('about.p2')}</p>
        <p>{t('about.p3')}</p>
        <p>{t('about.p4')}</p>
        <Section id="data-sources" title={t('about.creditsHeading')}>
          <ul className="list-disc space-y-0.5 pl-5">
            {credits.map((k) => (
              <li key={k}>{t(`about.credits.${k}`)}</li>
            ))}
          </ul>
        </Section>
        <Section id="more" title={t('about.linksHeading')}>
          <p className="flex flex-wrap gap-x-4 gap-y-1">
            <Link className={linkClass} to={`/${lang}/terms-of-service`}>
              {t('about.terms')}
            </Link>
            <Link className={linkClass} to={`/${lang}/privacy-policy`}>
              {t('about.privacy')}
            </Link>
          </p>
        </Section>
      </article>
    </LegalColumn>
  );
}

/** Route `privacy-policy`: what is stored, what never leaves the server, cookies, retention, children, contact. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation('legal');
  const email = useSupportEmail();
  const stored = ['account', 'profile', 'sessions', 'watchlist', 'chat', 'payments', 'analytics'] as const;
  const exceptions = ['signIn', 'wallet', 'email', 'ai'] as const;
  const cookies = ['visitor', 'session', 'token', 'prefs', 'consent'] as const;
  return (
    <LegalColumn testId="privacy-page">
      <article className="space-y-4 text-[14px] leading-relaxed">
        <header className="space-y-1">
          <h1 className="text-xl font-semibold sm:text-2xl">{t('privacy.title')}</h1>
          <p className="text-[13px] text-muted">{t('privacy.lastUpdated')}</p>
        </header>
        <p>{t('privacy.intro1')}</p>
        <p>{t('privacy.intro2')}</p>
        <Section id="data-we-store" title={t('privacy.stored.title')}>
          <p>{t('privacy.stored.intro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {stored.map((k) => (
              <li key={k}>{t(`privacy.stored.${k}`)}</li>
            ))}
          </ul>
        </Section>
        <Section id="third-parties" title={t('privacy.notShared.title')}>
          <p>{t('privacy.notShared.body')}</p>
          <p>{t('privacy.notShared.exceptionsIntro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {exceptions.map((k) => (
              <li key={k}>{t(`privacy.notShared.${k}`)}</li>
            ))}
          </ul>
          <p>{t('privacy.notShared.law')}</p>
        </Section>
        <Section id="cookies" title={t('privacy.cookies.title')}>
          <p>{t('privacy.cookies.intro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            {cookies.map((k) => (
              <li key={k} className="break-words">
                {t(`privacy.cookies.${k}`)}
              </li>
            ))}
          </ul>
          <p>{t('privacy.cookies.manage')}</p>
        </Section>
        <Section id="retention" title={t('privacy.retention.title')}>
          <p>{t('privacy.retention.account')}</p>
          <p>{t('privacy.retention.logs')}</p>
          <p>{t('privacy.retention.legal')}</p>
        </Section>
        <Section id="children" title={t('privacy.children.title')}>
          <p>{t('privacy.children.body')}</p>
        </Section>
        <Section id="rights" title={t('privacy.rights.title')}>
          <p>{t('privacy.rights.body')}</p>
        </Section>
        <Section id="changes" title={t('privacy.changes.title')}>
          <p>{t('privacy.changes.body')}</p>
        </Section>
        <Section id="contact" title={t('privacy.contact.title')}>
          <p>
            {t('privacy.contact.body')}{' '}
            {email && (
              <a className={`${linkClass} break-all`} href={`mailto:${email}`} data-testid="privacy-support-email">
                {email}
              </a>
            )}
          </p>
        </Section>
      </article>
    </LegalColumn>
  );
}

/** Route `terms-of-service` (the user agreement); the same text as the user-agreement dialog. */
export function TermsOfServicePage() {
  const { lang } = useParams();
  return (
    <LegalColumn testId="terms-page">
      <AgreementText lang={lang} variant="page" />
    </LegalColumn>
  );
}
