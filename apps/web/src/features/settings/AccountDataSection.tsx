import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@coinlens/contracts';
import { Dialog } from '../../components/Dialog';
import { Panel } from '../../components/ui';
import { api } from '../../lib/api-client';
import { ApiError, errorKey } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { requestAccount } from '../../lib/wallet';
import { signSiwe } from '../auth';
import { btn, Row } from './settings-ui';

/** `0x1234…abcd`: the start and end of a wallet address. */
const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

const dangerBtn = 'rounded-md bg-down px-3 py-1.5 text-[13px] font-medium text-white hover:opacity-90 disabled:opacity-50';

/** Saves `data` as a pretty-printed JSON file named `name` (browser download). */
function downloadJson(data: unknown, name: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Your data": Export my data (a JSON download of everything held about the account) and Delete
 * account (re-authentication by password; for an account without one but with a linked wallet, a
 * fresh SIWE signature of the deletion message by that wallet; else by typing the user name; then
 * deletion as the privacy policy says; the session ends and the app goes home).
 */
export function AccountDataSection({ me, lang }: { me: User; lang: string }) {
  const { t } = useTranslation('settings');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const onExport = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const data = await api('exportAccount', {}, { retries: 0 });
      downloadJson(data, `coinlens-account-${me.id}.json`);
      showToast({ kind: 'success', messageKey: 'settings:data.exported' });
    } catch (e) {
      setExportError(errorKey(e));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Panel title={t('sections.data')}>
      <div className="divide-y divide-border px-4">
        <Row label={t('data.exportLabel')}>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-[13px] text-muted">{t('data.exportBody')}</span>
            <button type="button" className={btn} onClick={() => void onExport()} disabled={exporting} data-testid="export-data">
              {exporting ? t('data.exporting') : t('data.export')}
            </button>
            {exportError && <span role="alert" className="text-[13px] text-down">{t(exportError)}</span>}
          </div>
        </Row>
        <Row label={t('data.deleteLabel')}>
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-[13px] text-muted">{t('data.deleteBody')}</span>
            <button type="button" className={`${btn} border-down/50 text-down`} onClick={() => setOpen(true)} data-testid="delete-account">
              {t('data.delete')}
            </button>
          </div>
        </Row>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('data.dialogTitle')} width="28rem">
        <DeleteAccountForm me={me} lang={lang} onCancel={() => setOpen(false)} />
      </Dialog>
    </Panel>
  );
}

/**
 * i18n key of a failed deletion: API codes, a missing wallet, a wallet that is not the account's,
 * any other wallet failure; null when the user refused the signature in the wallet (EIP-1193 4001).
 */
function deleteErrorKey(err: unknown): string | null {
  if (err instanceof ApiError) return errorKey(err);
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'METAMASK_NOT_INSTALLED') return 'errors:METAMASK_NOT_INSTALLED';
  if (code === 'WALLET_NOT_LINKED') return 'settings:data.walletNotLinked';
  if (code === 4001) return null;
  return 'errors:METAMASK_CONNECT_FAILED';
}

/**
 * The re-authentication and confirmation of the deletion: the password; for an account without one
 * but with a linked wallet, the wallet signs the server's deletion message (EIP-4361, via the
 * injected EIP-1193 wallet, as in wallet sign-in); otherwise the typed user name.
 */
function DeleteAccountForm({ me, lang, onCancel }: { me: User; lang: string; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const byPassword = me.has_password;
  const wallets = me.social_logins.filter((l) => l.provider === 'metamask').map((l) => l.provider_uid.toLowerCase());
  const byWallet = !byPassword && wallets.length > 0;
  const reauth = async (): Promise<{ password: string } | { siwe: { address: string; message: string; signature: string } } | { confirm: string }> => {
    if (byPassword) return { password: value };
    if (!byWallet) return { confirm: value };
    const address = await requestAccount();
    if (!wallets.includes(address.toLowerCase())) throw Object.assign(new Error('WALLET_NOT_LINKED'), { code: 'WALLET_NOT_LINKED' });
    const signed = await signSiwe(address, (a) => api('deleteAccountMessage', { query: { address: a } }, { retries: 0, navigationScoped: false }));
    return { siwe: { address, ...signed } };
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!byWallet && !value.trim()) {
      setError(byPassword ? 'settings:data.passwordRequired' : 'settings:data.confirmRequired');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api('deleteAccount', { body: await reauth() }, { retries: 0, navigationScoped: false });
      clearSession();
      qc.clear();
      showToast({ kind: 'success', messageKey: 'settings:data.deleted' });
      navigate(`/${lang}/home`, { replace: true });
    } catch (err) {
      setError(byWallet ? deleteErrorKey(err) : errorKey(err));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 text-[13px]" data-testid="delete-account-form" noValidate>
      <p className="text-fg">{t('data.dialogIntro')}</p>
      <ul className="list-disc space-y-1 pl-5 text-muted">
        <li>{t('data.removes')}</li>
        <li>{t('data.keeps')}</li>
        <li>{t('data.final')}</li>
      </ul>
      {byWallet ? (
        <p className="font-medium text-fg" data-testid="delete-account-wallet">
          {t('data.walletLabel', { address: shortAddress(wallets[0]) })}
        </p>
      ) : (
        <>
          <label htmlFor={inputId} className="block font-medium text-fg">
            {byPassword ? t('data.passwordLabel') : t('data.confirmLabel', { name: me.username })}
          </label>
          <input
            id={inputId}
            data-autofocus
            type={byPassword ? 'password' : 'text'}
            autoComplete={byPassword ? 'current-password' : 'off'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={!!error}
            className="h-9 w-full rounded-md border border-border bg-surface px-3 text-[14px]"
            data-testid="delete-account-input"
          />
        </>
      )}
      {error && (
        <p role="alert" className="text-down" data-testid="delete-account-error">
          {t(error)}
        </p>
      )}
      <div className="flex justify-end gap-2 pt-1">
        <button type="button" className={btn} onClick={onCancel}>
          {t('actions.cancel')}
        </button>
        <button type="submit" className={dangerBtn} disabled={busy} data-testid="delete-account-confirm">
          {busy ? (byWallet ? t('data.signing') : t('data.deleting')) : byWallet ? t('data.signAndDelete') : t('data.confirmDelete')}
        </button>
      </div>
    </form>
  );
}
