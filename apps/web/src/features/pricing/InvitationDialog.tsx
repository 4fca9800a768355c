import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from '../../components/Dialog';
import { ApiError } from '../../lib/api';
import { useCopy } from '../../lib/use-copy';
import { ME_QUERY_KEY, useMe, ymd } from '../../lib/session';
import { bindInvitation, useInvitationCode } from './pricing-api';

/**
 * Invitation codes: shows the user's own code to share and binds another user's code
 * for the 7-day Pro trial (once per user). Entry points: the pricing page and the settings page
 * (`<InvitationCodeButton />`).
 */
export function InvitationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const { t: te } = useTranslation('errors');
  const { me } = useMe();
  const own = useInvitationCode(open && !!me);
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { state: copied, copy: copyText } = useCopy({ resetMs: null });

  const submit = async () => {
    setError(null);
    if (!code.trim()) return setError('INVITE_CODE_EMPTY');
    setBusy(true);
    try {
      const r = await bindInvitation(code);
      setDone(ymd(r.subscription_end_date));
      setCode('');
      await qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
      await qc.invalidateQueries({ queryKey: ['users', 'usage'] });
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'INTERNAL');
    } finally {
      setBusy(false);
    }
  };
  const copy = () => copyText(own.data?.code ?? '');

  return (
    <Dialog open={open} onClose={onClose} title={t('invite.title')} width="26rem">
      <div className="space-y-4" data-testid="invitation-dialog">
        <section>
          <h3 className="text-[12px] font-semibold uppercase tracking-wide text-muted">{t('invite.ownTitle')}</h3>
          {own.data ? (
            <div className="mt-1 flex items-center gap-2">
              <code className="rounded bg-surface-2 px-2 py-1 font-mono text-sm tracking-widest text-fg" data-testid="own-invite-code">
                {own.data.code}
              </code>
              <span className={`text-[11px] ${own.data.state === 'active' ? 'text-up' : 'text-muted'}`}>{t(`invite.state.${own.data.state}`)}</span>
              <button type="button" onClick={copy} className="ml-auto rounded-md border border-border px-2 py-1 text-[12px] text-fg hover:bg-surface-2">
                {copied === 'copied' ? t('invite.copied') : t('invite.copy')}
              </button>
            </div>
          ) : (
            <p className="mt-1 text-muted">{t('invite.loading')}</p>
          )}
          {copied === 'failed' && <p className="mt-1 text-[12px] text-down">{t('invite.copyFailed')}</p>}
          <p className="mt-1 text-[12px] text-muted">{t('invite.ownBody')}</p>
        </section>
        <section>
          <h3 className="text-[12px] font-semibold uppercase tracking-wide text-muted">{t('invite.bindTitle')}</h3>
          {me?.isUsedInvitationCode && !done ? (
            <p className="mt-1 text-muted" data-testid="invite-already-used">{t('invite.alreadyUsed')}</p>
          ) : done ? (
            <p className="mt-1 text-up" role="status" data-testid="invite-success">{t('invite.success', { date: done })}</p>
          ) : (
            <form
              className="mt-1 flex gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void submit();
              }}
            >
              <input
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder={t('invite.placeholder')}
                aria-label={t('invite.placeholder')}
                data-testid="invite-input"
                className="min-w-0 flex-1 rounded-md border border-border bg-bg px-2 py-1.5 font-mono uppercase text-fg outline-none focus:border-primary-500"
                maxLength={64}
              />
              <button type="submit" disabled={busy} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50" data-testid="invite-submit">
                {t('invite.submit')}
              </button>
            </form>
          )}
          {error && (
            <p className="mt-1 text-[12px] text-down" role="alert" data-testid="invite-error">
              {te(error)}
            </p>
          )}
          <p className="mt-1 text-[12px] text-muted">{t('invite.bindBody')}</p>
        </section>
      </div>
    </Dialog>
  );
}

/** A button opening the invitation dialog (used on the pricing page; the settings page can place it too). */
export function InvitationCodeButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation('pricing');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} data-testid="open-invitation" className={`rounded-md border border-border px-3 py-1.5 text-[13px] text-fg hover:bg-surface-2 ${className}`}>
        {t('invite.open')}
      </button>
      <InvitationDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
