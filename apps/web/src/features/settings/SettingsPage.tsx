import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { InvitationCodeButton } from '../pricing/InvitationDialog';
import type { Profile, ProfileInput, SocialProvider, User } from '@coinlens/contracts';
import { Container } from '../../components/layout/PageShell';
import { Dialog } from '../../components/Dialog';
import { AvatarImage } from '../../components/avatar/avatars';
import { AvatarDialog } from '../../components/avatar/AvatarDialog';
import { ErrorState, Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { isSupportedLang, toStoredLocale } from '../../lib/locale';
import { ME_QUERY_KEY, saveUserName, useMe, ymd } from '../../lib/session';
import { setTheme } from '../../lib/theme';
import { useTheme } from '../../lib/use-theme';
import { authApi } from '../auth/auth-api';
import { injectedWallet, requestAccount } from '../auth/ethereum';
import { apiErrorToForm, CodeInput, Field, FormMessage, inputCls, retryAfterOf, rules, TextInput, useCountdown, type FieldErrors } from '../auth/form';
import { startOAuth, TelegramWidget, useProviders } from '../auth/SocialButtons';
import { signSiwe, walletErrorKey } from '../auth/WalletLogin';

const saveProfile = (body: ProfileInput) => api('saveProfile', { body }, { navigationScoped: false, retries: 0 });
const btn = 'rounded-md border border-border px-3 py-1.5 text-[13px] font-medium hover:bg-surface-2 disabled:opacity-50';
const primaryBtn = 'rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-50';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="w-40 shrink-0 text-[13px] text-muted">{label}</div>
      <div className="min-w-0 flex-1 text-[14px]">{children}</div>
    </div>
  );
}

/** Avatar, display name, bio, birthday; Save keeps what was typed when the server refuses it. */
function ProfileSection({ me }: { me: User }) {
  const { t } = useTranslation('settings');
  const qc = useQueryClient();
  const [avatarOpen, setAvatarOpen] = useState(false);
  const [nickname, setNickname] = useState(me.profile.nickname);
  const [biography, setBiography] = useState(me.profile.biography);
  const [birthday, setBirthday] = useState(me.profile.birthday ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; key: string } | null>(null);
  const done = (p: Profile) => {
    qc.setQueryData([...ME_QUERY_KEY, me.id], { ...me, profile: p });
    void qc.invalidateQueries({ queryKey: ME_QUERY_KEY });
    saveUserName(p.nickname || me.username);
  };
  const avatar = useMutation({ mutationFn: (key: string) => saveProfile({ avatar: { type: 'preset', key: key as Profile['avatar']['key'] } }), onSuccess: done });
  const save = useMutation({ mutationFn: saveProfile, onSuccess: done });
  const today = new Date().toISOString().slice(0, 10);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: FieldErrors = {
      nickname: nickname.trim().length > 40 ? 'tooLong40' : undefined,
      biography: biography.trim().length > 500 ? 'tooLong500' : undefined,
      birthday: birthday && birthday > today ? 'invalid' : undefined,
    };
    setErrors(next);
    setMessage(null);
    if (Object.values(next).some(Boolean)) return;
    try {
      await save.mutateAsync({ nickname: nickname.trim(), biography: biography.trim(), birthday: birthday || null });
      setMessage({ kind: 'success', key: 'settings:actions.saved' });
    } catch (err) {
      const r = apiErrorToForm(err);
      setErrors(Object.fromEntries(Object.keys(r.fields).map((k) => [k, 'invalid'])));
      if (r.form) setMessage({ kind: 'error', key: r.form });
    }
  };
  const fieldError = (k: string) => (errors[k] === 'tooLong40' ? t('profile.tooLong', { max: 40 }) : errors[k] === 'tooLong500' ? t('profile.tooLong', { max: 500 }) : errors[k] ? t('auth:validation.invalid') : null);
  return (
    <Panel title={t('sections.profile')}>
      <form onSubmit={submit} noValidate className="divide-y divide-border px-4">
        <Row label={t('avatar.change')}>
          <div className="flex items-center gap-3">
            <AvatarImage avatarKey={me.profile.avatar.key} size={56} label={t('avatar.change')} />
            <button type="button" className={btn} onClick={() => setAvatarOpen(true)} data-testid="avatar-edit">
              {t('actions.edit')}
            </button>
          </div>
        </Row>
        <Row label={t('profile.username')}>
          <span data-testid="settings-username">{me.username}</span>
        </Row>
        <Row label={<label htmlFor="nickname">{t('profile.nickname')}</label>}>
          <TextInput id="nickname" value={nickname} maxLength={60} placeholder={t('profile.nicknamePlaceholder')} onChange={(e) => setNickname(e.target.value)} error={errors.nickname} />
          {errors.nickname && <p className="mt-1 text-[12px] text-down" id="nickname-error">{fieldError('nickname')}</p>}
        </Row>
        <Row label={<label htmlFor="biography">{t('profile.bio')}</label>}>
          <textarea id="biography" rows={3} value={biography} placeholder={t('profile.bioPlaceholder')} onChange={(e) => setBiography(e.target.value)} className={inputCls} aria-invalid={!!errors.biography} />
          {errors.biography && <p className="mt-1 text-[12px] text-down">{fieldError('biography')}</p>}
        </Row>
        <Row label={<label htmlFor="birthday">{t('profile.birthday')}</label>}>
          <input id="birthday" type="date" max={today} value={birthday} onChange={(e) => setBirthday(e.target.value)} className={`${inputCls} max-w-48`} aria-invalid={!!errors.birthday} />
          {errors.birthday && <p className="mt-1 text-[12px] text-down">{fieldError('birthday')}</p>}
        </Row>
        <div className="flex items-center justify-end gap-3 py-3">
          {message && <span className={`text-[13px] ${message.kind === 'error' ? 'text-down' : 'text-up'}`} role="status">{t(message.key)}</span>}
          <button type="submit" className={primaryBtn} disabled={save.isPending} data-testid="profile-save">
            {save.isPending ? t('actions.saving') : t('actions.save')}
          </button>
        </div>
      </form>
      <AvatarDialog open={avatarOpen} current={me.profile.avatar.key} onClose={() => setAvatarOpen(false)} onSave={async (key) => void (await avatar.mutateAsync(key))} saving={avatar.isPending} />
    </Panel>
  );
}

function MembershipSection({ me, lang }: { me: User; lang: string }) {
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

function AppearanceSection() {
  const { t } = useTranslation('settings');
  const theme = useTheme();
  return (
    <Panel title={t('sections.appearance')}>
      <div className="px-4">
        <Row label={t('theme.label')}>
          <div role="radiogroup" aria-label={t('theme.label')} className="inline-flex rounded-md border border-border p-0.5">
            {(['light', 'dark'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="radio"
                aria-checked={theme === v}
                onClick={() => setTheme(v)}
                className={`rounded px-3 py-1 text-[13px] ${theme === v ? 'bg-primary-600 text-white' : 'text-muted hover:text-fg'}`}
              >
                {t(`theme.${v}`)}
              </button>
            ))}
          </div>
        </Row>
      </div>
    </Panel>
  );
}

/** Account-binding modal: an address, a 6-digit code sent to it, then verification. */
function BindEmailDialog({ open, onClose, initialEmail, onDone }: { open: boolean; onClose: () => void; initialEmail: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const ta = useTranslation('auth').t;
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useCountdown(0);
  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setSentTo(null);
      setCode('');
      setErrors({});
      setFormError(null);
    }
  }, [open, initialEmail]);
  const send = async () => {
    const v = rules.email(email);
    setErrors({ email: v ?? undefined });
    setFormError(null);
    if (v) return;
    setBusy(true);
    try {
      const r = await authApi.sendBindEmailCode(email.trim());
      setSentTo(r.email);
      setWait(r.resend_in);
    } catch (err) {
      const s = retryAfterOf(err);
      if (s) {
        setWait(s);
        setSentTo(email.trim().toLowerCase());
      }
      const r = apiErrorToForm(err, { email: 'validation.emailInvalid' });
      setErrors(r.fields);
      setFormError(r.form);
    } finally {
      setBusy(false);
    }
  };
  const verify = async (e: FormEvent) => {
    e.preventDefault();
    const v = rules.code(code);
    setErrors({ code: v ?? undefined });
    setFormError(null);
    if (v || !sentTo) return;
    setBusy(true);
    try {
      await authApi.verifyBindEmailCode(sentTo, code);
      onDone();
      onClose();
    } catch (err) {
      setFormError(apiErrorToForm(err).form);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('email.modalTitle')} width="26rem">
      <form onSubmit={verify} noValidate className="space-y-4" data-testid="bind-email-dialog">
        <p className="text-[13px] text-muted">{t('email.modalBody')}</p>
        <Field label={ta('register.email')} error={errors.email} htmlFor="bind-email">
          <div className="flex gap-2">
            <TextInput id="bind-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
            <button type="button" className={`${btn} whitespace-nowrap`} onClick={send} disabled={busy || wait > 0}>
              {wait > 0 ? t('email.resendIn', { seconds: wait }) : t('email.sendCode')}
            </button>
          </div>
        </Field>
        {sentTo && (
          <Field label={t('email.code')} error={errors.code} htmlFor="bind-code">
            <CodeInput id="bind-code" value={code} onChange={setCode} error={errors.code} />
          </Field>
        )}
        {formError && <FormMessage>{ta(formError)}</FormMessage>}
        {sentTo && (
          <div className="flex justify-end">
            <button type="submit" className={primaryBtn} disabled={busy}>
              {t('email.submit')}
            </button>
          </div>
        )}
      </form>
    </Dialog>
  );
}

function EmailSection({ me, onChanged }: { me: User; onChanged: () => void }) {
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

const PROVIDER_LABEL: Record<string, string> = { google: 'accounts.google', x: 'accounts.x', telegram: 'accounts.telegram', metamask: 'accounts.metamask' };

/** Google, X, Telegram and the wallet: connect, or disconnect after a confirmation. */
function LinkedAccountsSection({ me, lang, onChanged }: { me: User; lang: string; onChanged: () => void }) {
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
      const eth = injectedWallet();
      if (!eth) throw Object.assign(new Error('METAMASK_NOT_INSTALLED'), { code: 'METAMASK_NOT_INSTALLED' });
      const address = await requestAccount(eth);
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
            <AppearanceSection />
          </div>
        </div>
      )}
    </Container>
  );
}
