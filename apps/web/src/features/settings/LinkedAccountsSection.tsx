import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialProvider, User } from '@coinlens/contracts';
import { Dialog } from '../../components/Dialog';
import { Panel } from '../../components/ui';
import { isSupportedLang, toStoredLocale } from '../../lib/locale';
import { authApi, apiErrorToForm, startOAuth, TelegramWidget, useProviders, signSiwe, walletErrorKey } from '../auth';
import { hasInjectedWallet, requestAccount } from '../../lib/wallet';
import { btn, primaryBtn, Row } from './settings-ui';

const PROVIDER_LABEL: Record<string, string> = { google: 'accounts.google', x: 'accounts.x', telegram: 'accounts.telegram', metamask: 'accounts.metamask' };

/** Google, X, Telegram and the wallet: connect, or disconnect after a confirmation. */
export function LinkedAccountsSection({ me, lang, onChanged }: { me: User; lang: string; onChanged: () => void }) {
  const { t } = useTranslation('settings');
  const ta = useTranslation('auth').t;
  const { data: providers } = useProviders();
  const [confirm, setConfirm] = useState<{ provider: SocialProvider; uid: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [telegramOpen, setTelegramOpen] = useState(false);
  const storedLang = toStoredLocale(isSupportedLang(lang) ? lang : 'en-US');
  const linked = (p: string) => me.social_logins.find((l) => l.provider === p);
  const available: Record<string, boolean> = { google: !!providers?.google, x: !!providers?.x, telegram: !!providers?.telegram.enabled, metamask: true };
  const fail = (key: string | null) => key && setMessage({ kind: 'error', text: ta(key) });

  const connect = async (p: string) => {
    setMessage(null);
    setBusy(p);
    try {
      if (p === 'google' || p === 'x') {
        sessionStorage.setItem('oauth_connect', p);
        await startOAuth(p, storedLang, 'connect');
        return;
      }
      if (p === 'telegram') {
        setTelegramOpen(true);
        return;
      }
      if (!hasInjectedWallet()) throw Object.assign(new Error('METAMASK_NOT_INSTALLED'), { code: 'METAMASK_NOT_INSTALLED' });
      const address = await requestAccount();
      const { message, signature } = await signSiwe(address);
      await authApi.metamaskConnect({ provider_uid: address, message, signature });
      setMessage({ kind: 'success', text: t('accounts.connected', { provider: t(PROVIDER_LABEL[p]) }) });
      onChanged();
    } catch (err) {
      fail(p === 'metamask' ? walletErrorKey(err, 'METAMASK_CONNECT_FAILED') : apiErrorToForm(err).form);
    } finally {
      setBusy(null);
    }
  };
  const disconnect = async () => {
    if (!confirm) return;
    const { provider, uid } = confirm;
    setConfirm(null);
    setBusy(provider);
    try {
      await authApi.disconnect(provider, uid);
      setMessage({ kind: 'success', text: t('accounts.disconnected', { provider: t(PROVIDER_LABEL[provider]) }) });
      onChanged();
    } catch (err) {
      fail(apiErrorToForm(err).form);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Panel title={t('sections.accounts')}>
      <div className="divide-y divide-border px-4" data-testid="linked-accounts">
        {(['google', 'x', 'telegram', 'metamask'] as const).map((p) => {
          const l = linked(p);
          if (!l && !available[p]) return null;
          return (
            <Row key={p} label={t(PROVIDER_LABEL[p])}>
              <div className="flex flex-wrap items-center justify-between gap-2" data-testid={`linked-${p}`}>
                <span className={`truncate ${l ? '' : 'text-muted'}`}>{l ? (l.display_name ?? l.email ?? l.provider_uid) : t('accounts.notConnected')}</span>
                {l ? (
                  <button type="button" className={btn} disabled={busy === p} onClick={() => setConfirm({ provider: p, uid: l.provider_uid })} data-testid={`disconnect-${p}`}>
                    {t('actions.disconnect')}
                  </button>
                ) : (
                  <button type="button" className={btn} disabled={busy === p} onClick={() => connect(p)} data-testid={`connect-${p}`}>
                    {t('actions.connect')}
                  </button>
                )}
              </div>
            </Row>
          );
        })}
        {message && (
          <p className={`py-3 text-[13px] ${message.kind === 'error' ? 'text-down' : 'text-up'}`} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
        )}
      </div>
      <Dialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        title={confirm ? t('accounts.confirmTitle', { provider: t(PROVIDER_LABEL[confirm.provider]) }) : ''}
        footer={
          <>
            <button type="button" className={btn} onClick={() => setConfirm(null)}>
              {t('actions.cancel')}
            </button>
            <button type="button" className={primaryBtn} onClick={disconnect} data-testid="confirm-disconnect">
              {t('actions.confirm')}
            </button>
          </>
        }
      >
        {confirm && <p className="break-all">{t('accounts.confirmBody', { provider: t(PROVIDER_LABEL[confirm.provider]), uid: confirm.uid })}</p>}
      </Dialog>
      <Dialog open={telegramOpen} onClose={() => { setTelegramOpen(false); setBusy(null); }} title={ta('telegram.title')}>
        <p className="mb-3 text-muted">{ta('telegram.body')}</p>
        {providers?.telegram.bot_name && (
          <TelegramWidget
            botName={providers.telegram.bot_name}
            lang={storedLang}
            onAuth={async (user) => {
              setTelegramOpen(false);
              try {
                await authApi.telegramConnect({ ...user, lang: storedLang });
                setMessage({ kind: 'success', text: t('accounts.connected', { provider: 'Telegram' }) });
                onChanged();
              } catch (err) {
                fail(apiErrorToForm(err).form);
              } finally {
                setBusy(null);
              }
            }}
          />
        )}
      </Dialog>
    </Panel>
  );
}
