import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExchangeResult } from '@coinlens/contracts';
import { getCookieConsent, saveSession } from '../../lib/session';
import { authApi } from './auth-api';
import { AgreementCheckbox } from './AgreementCheckbox';
import { apiErrorToForm, FormMessage } from './form';

type Pending = Extract<ExchangeResult, { status: 'new' }>;
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', x: 'X', telegram: 'Telegram', metamask: 'MetaMask' };

/**
 * A verified Google / X / Telegram identity without an account: create a new account (user
 * agreement required) or, when its verified e-mail has an account, link it to that account.
 */
export function PendingIdentityChoice({ pending, lang, onSignedIn }: { pending: Pending; lang: string; onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const provider = PROVIDER_NAMES[pending.provider] ?? pending.provider;
  const run = async (fn: () => Promise<{ access_token: string; user: { id: number; name: string } }>) => {
    setBusy(true);
    setError(null);
    try {
      saveSession(await fn());
      onSignedIn();
    } catch (e) {
      const r = apiErrorToForm(e);
      setError(r.fields.agreement_accepted ? `auth:${r.fields.agreement_accepted}` : r.form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4 text-left" data-testid="pending-identity">
      <h2 className="text-lg font-semibold">{t('oauth.newTitle')}</h2>
      <p className="text-[13px] text-muted">{t('oauth.newBody', { provider, name: pending.display_name ?? pending.email ?? pending.provider_uid })}</p>
      {pending.can_merge && pending.email && (
        <div className="rounded-md border border-border p-3">
          <p className="font-medium">{t('oauth.mergeTitle', { email: pending.email })}</p>
          <p className="mt-1 text-[12px] text-muted">{t('oauth.mergeBody', { provider })}</p>
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => authApi.pendingMerge(pending.provider, { provider_uid: pending.provider_uid, nonce: pending.nonce, lang }))}
            className="mt-2 rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50"
          >
            {t('oauth.merge')}
          </button>
        </div>
      )}
      <div className="rounded-md border border-border p-3">
        <AgreementCheckbox checked={agreed} onChange={setAgreed} small testId="pending-agreement" />
        <button
          type="button"
          disabled={busy || !agreed}
          onClick={() => run(() => authApi.pendingLogin(pending.provider, { provider_uid: pending.provider_uid, nonce: pending.nonce, agreement_accepted: agreed, cookie_accepted: getCookieConsent(), lang }))}
          className="mt-2 rounded-md border border-border px-3 py-1.5 text-[13px] font-medium hover:bg-surface-2 disabled:opacity-50"
        >
          {t('oauth.create')}
        </button>
      </div>
      {error && <FormMessage>{t(error)}</FormMessage>}
    </div>
  );
}
