import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { getCookieConsent, saveSession } from '../../lib/session';
import { authApi } from './auth-api';
import { AgreementCheckbox } from './AgreementCheckbox';
import { hasInjectedWallet, requestAccount, signMessage } from '../../lib/wallet';
import { apiErrorToForm } from './form';


/**
 * Signs the server's SIWE message for `address` with the injected wallet and returns what to post.
 * `fetchMessage` asks the server for the message (default: the sign-in message; the account
 * deletion passes its own). Throws `{code: 'METAMASK_NOT_INSTALLED'}` without a wallet; the
 * wallet's own error (code 4001 = refused) and API errors pass through.
 */
export async function signSiwe(
  address: string,
  fetchMessage: (address: string) => Promise<{ message: string }> = authApi.nonce,
): Promise<{ message: string; signature: string }> {
  if (!hasInjectedWallet()) throw Object.assign(new Error('METAMASK_NOT_INSTALLED'), { code: 'METAMASK_NOT_INSTALLED' });
  const { message } = await fetchMessage(address);
  const signature = await signMessage(address, message);
  return { message, signature };
}

/** i18n key of a wallet-flow failure (API codes, a missing wallet, a rejected request). */
export function walletErrorKey(err: unknown, fallback: 'METAMASK_LOGIN_FAILED' | 'METAMASK_CONNECT_FAILED'): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'METAMASK_NOT_INSTALLED') return 'errors:METAMASK_NOT_INSTALLED';
  if (code === 4001) return null; // the user rejected the request in the wallet
  const { form } = apiErrorToForm(err);
  return form && form !== 'errors:INTERNAL' ? form : `errors:${fallback}`;
}

/**
 * MetaMask sign-in: asks the wallet for its account; a linked wallet signs
 * the SIWE message and signs in. For an unknown wallet the user chooses first: link it to an
 * existing account (log in with e-mail, then connect it in settings) or create a new account —
 * with the warning that it can never be linked to an e-mail later, and the user agreement.
 */
export function WalletLoginButton({ lang, onSignedIn, onBindExisting }: { lang: string; onSignedIn: () => void; onBindExisting: () => void }) {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState<null | 'connecting' | 'signing'>(null);
  const [error, setError] = useState<string | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);

  const signIn = async (address: string, agreement: boolean) => {
    setBusy('signing');
    try {
      const { message, signature } = await signSiwe(address);
      const r = await authApi.metamaskLogin({ address, message, signature, agreement_accepted: agreement, cookie_accepted: getCookieConsent(), lang });
      saveSession(r);
      setUnknown(null);
      onSignedIn();
    } catch (e) {
      setError(walletErrorKey(e, 'METAMASK_LOGIN_FAILED'));
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    setError(null);
    if (!hasInjectedWallet()) {
      setError('errors:METAMASK_NOT_INSTALLED');
      return;
    }
    setBusy('connecting');
    try {
      const address = await requestAccount();
      const { connected } = await authApi.checkProvider(address);
      if (connected) await signIn(address, false);
      else {
        setAgreed(false);
        setUnknown(address);
        setBusy(null);
      }
    } catch (e) {
      setError(walletErrorKey(e, 'METAMASK_LOGIN_FAILED'));
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={start}
        disabled={!!busy}
        data-testid="metamask-login"
        className="flex w-full items-center justify-center gap-2 rounded-md border border-border px-3 py-2 text-[14px] font-medium hover:bg-surface-2 disabled:opacity-60"
      >
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path d="M21 3l-7.5 5.5 1.4-3.3z" fill="#e2761b" />
          <path d="M3 3l7.4 5.6-1.3-3.4zM18.3 16.3l-2 3 4.3 1.2 1.2-4.1zM2.2 16.4l1.2 4.1 4.3-1.2-2-3z" fill="#e4761b" />
          <path d="M7.5 10.9l-1.2 1.8 4.3.2-.2-4.6zM16.5 10.9l-3-2.7-.1 4.7 4.3-.2zM7.7 19.3l2.6-1.2-2.2-1.7zM13.7 18.1l2.6 1.2-.4-2.9z" fill="#f6851b" />
        </svg>
        {busy === 'connecting' ? t('wallet.connecting') : busy === 'signing' ? t('wallet.signing') : t('social.metamask')}
      </button>
      {error && (
        <p role="alert" className="text-center text-[12px] text-down" data-testid="wallet-error">
          {t(error)}
        </p>
      )}
      <Dialog open={!!unknown} onClose={() => setUnknown(null)} title={t('wallet.unknownTitle')} width="28rem">
        <div className="space-y-4" data-testid="wallet-unknown">
          <p className="break-all text-[13px]">{t('wallet.unknownBody', { address: unknown ?? '' })}</p>
          <div className="rounded-md border border-border p-3">
            <p className="font-medium">{t('wallet.bindTitle')}</p>
            <p className="mt-1 text-[12px] text-muted">{t('wallet.bindBody')}</p>
            <button type="button" onClick={() => { setUnknown(null); onBindExisting(); }} className="mt-2 rounded-md border border-border px-3 py-1.5 text-[13px] hover:bg-surface-2" data-testid="wallet-bind-existing">
              {t('wallet.bindAction')}
            </button>
          </div>
          <div className="rounded-md border border-border p-3">
            <p className="font-medium">{t('wallet.createTitle')}</p>
            <p className="mt-1 rounded bg-amber-500/10 px-2 py-1 text-[12px] text-amber-700 dark:text-amber-300" role="note">
              {t('wallet.createWarning')}
            </p>
            <AgreementCheckbox checked={agreed} onChange={setAgreed} small testId="wallet-agreement" className="mt-2" />
            <button
              type="button"
              disabled={!agreed || !!busy}
              onClick={() => unknown && signIn(unknown, true)}
              className="mt-2 rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50"
              data-testid="wallet-create"
            >
              {busy === 'signing' ? t('wallet.signing') : t('wallet.createAction')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
