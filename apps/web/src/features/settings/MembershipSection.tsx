import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@coinlens/contracts';
import { Panel } from '../../components/ui';
import { ymd } from '../../lib/session';
import { InvitationCodeButton } from '../pricing';
import { primaryBtn, Row } from './settings-ui';

/** Membership: Pro or free, start and end dates, the invitation code and subscribe/renew. */
export function MembershipSection({ me, lang }: { me: User; lang: string }) {
  const { t } = useTranslation('settings');
  return (
    <Panel title={t('sections.membership')}>
      <div className="divide-y divide-border px-4">
        <Row label={t('sections.membership')}>
          <span className="flex items-center gap-2" data-testid="membership-status">
            {me.isPro ? <span className="rounded bg-amber-400 px-1.5 text-[11px] font-bold text-amber-950">VIP</span> : null}
            {me.isPro ? t('membership.pro') : t('membership.free')}
          </span>
        </Row>
        <Row label={t('membership.start')}>{ymd(me.subscription_start_date) ?? t('membership.none')}</Row>
        <Row label={t('membership.end')}>
          <span data-testid="membership-end">{ymd(me.subscription_end_date) ?? t('membership.none')}</span>
        </Row>
        <div className="flex flex-wrap items-center justify-end gap-2 py-3">
          {!me.isUsedInvitationCode && <InvitationCodeButton />}
          <Link to={`/${lang}/pricing`} className={primaryBtn}>
            {me.isPro ? t('membership.renew') : t('membership.subscribe')}
          </Link>
        </div>
      </div>
    </Panel>
  );
}
