import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@coinlens/contracts';
import { Panel } from '../../components/ui';
import { BindEmailDialog } from './BindEmailDialog';
import { btn, Row } from './settings-ui';

/** The account's e-mail and whether it is verified; add or verify one through {@link BindEmailDialog}. */
export function EmailSection({ me, onChanged }: { me: User; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState(false);
  return (
    <Panel title={t('sections.email')}>
      <div className="px-4">
        <Row label={t('sections.email')}>
          {me.wallet_only ? (
            <span className="text-[13px] text-muted">{t('accounts.walletOnly')}</span>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <span data-testid="settings-email">{me.email ?? t('email.none')}</span>
              {me.email && (
                <span className={`rounded px-1.5 py-0.5 text-[11px] ${me.email_verified ? 'bg-up-soft text-up' : 'bg-down-soft text-down'}`}>
                  {me.email_verified ? t('email.verified') : t('email.notVerified')}
                </span>
              )}
              {(!me.email || !me.email_verified) && (
                <button type="button" className={btn} onClick={() => setOpen(true)}>
                  {me.email ? t('email.verify') : t('email.add')}
                </button>
              )}
              {notice && <span className="text-[13px] text-up" role="status">{t('email.done')}</span>}
            </div>
          )}
        </Row>
      </div>
      <BindEmailDialog
        open={open}
        onClose={() => setOpen(false)}
        initialEmail={me.email ?? ''}
        onDone={() => {
          setNotice(true);
          onChanged();
        }}
      />
    </Panel>
  );
}
