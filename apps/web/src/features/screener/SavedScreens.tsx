import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SavedScreen, ScreenInput } from '@coinlens/contracts/screener/screen';
import { Skeleton } from '../../components/ui';
import { errorKey } from '../../lib/api';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useDeleteScreen, useSavedScreens, useSaveScreen, useScreenAlert } from './queries';

const btn = 'rounded-md border border-border px-2.5 py-1 text-[12px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-50';
const input = 'h-9 rounded-md border border-border bg-surface px-2 text-[13px] text-fg focus-visible:outline-2 focus-visible:outline-primary-500';

/**
 * Saved screens of a signed-in user: save the current screen under a name (within the plan's
 * limit), load one into the builder, arm, pause or resume its enter alert (an alert rule of kind
 * `screen`), delete it. Visitors see a sign-in prompt.
 */
export function SavedScreens({ current, onLoad }: { current: () => ScreenInput | null; onLoad: (s: SavedScreen) => void }) {
  const { t } = useTranslation('screener');
  const { lang = 'en-US' } = useParams();
  const { token } = useSession();
  const saved = useSavedScreens();
  const save = useSaveScreen();
  const del = useDeleteScreen();
  const alert = useScreenAlert();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(false);
  const [nameError, setNameError] = useState(false);
  const onErr = { onError: (e: unknown) => showToast({ kind: 'error', messageKey: errorKey(e) }) };

  if (!token) {
    return (
      <div className="space-y-3 p-4 text-[13px]" data-testid="screener-signin">
        <p className="text-muted">{t('saved.signIn')}</p>
        <Link to={`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/screener`)}`} className="inline-flex rounded-md bg-primary-600 px-3 py-1.5 font-medium text-white hover:bg-primary-700">{t('saved.logIn')}</Link>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const screen = current();
    if (!name.trim()) return setNameError(true);
    setNameError(false);
    if (!screen) return;
    save.mutate({ name: name.trim(), screen }, { ...onErr, onSuccess: () => (setName(''), showToast({ kind: 'success', messageKey: 'screener:saved.saved' })) });
  };
  const data = saved.data;
  return (
    <div className="space-y-4 p-4 text-[13px]">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
        <label className="flex flex-1 flex-col gap-1">
          <span className="text-[12px] text-muted">{t('saved.name')}</span>
          <input className={input} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} aria-invalid={nameError} aria-describedby={nameError ? 'screen-name-error' : undefined} data-testid="screen-name" />
        </label>
        <button type="submit" className="h-9 whitespace-nowrap rounded-md bg-primary-600 px-3 font-medium text-white hover:bg-primary-700 disabled:opacity-50" disabled={save.isPending} data-testid="screen-save">
          {save.isPending ? t('saved.saving') : t('saved.save')}
        </button>
      </form>
      {nameError && <p id="screen-name-error" role="alert" className="text-down">{t('saved.nameRequired')}</p>}
      {data && (
        <p className="text-muted" data-testid="saved-usage">
          {t('saved.usage', { n: data.screens.length, limit: data.limit })}{' '}
          {data.screens.length >= data.limit && <Link to={`/${lang}/pricing`} className="text-primary-600 hover:underline dark:text-primary-400">{t('saved.upgrade')}</Link>}
        </p>
      )}
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} />
        <span>{t('saved.alertEmail')}</span>
      </label>
      <p className="text-[12px] text-muted">{t('saved.alertHelp')}</p>
      {saved.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : !data?.screens.length ? (
        <p className="text-muted">{t('saved.empty')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="saved-screens">
          {data.screens.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 px-3 py-2.5" data-testid="saved-screen">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium break-words text-fg">{s.name}</span>
                <span className="shrink-0 text-[12px] text-muted">{s.screen.timeframe}</span>
              </div>
              {s.alert?.active && <p className="text-[12px] text-primary-600 dark:text-primary-400" data-testid="screen-alert-on">{t('saved.alertArmed')}</p>}
              {s.alert && !s.alert.active && <p className="text-[12px] text-muted">{t('saved.alertPaused')}</p>}
              <div className="flex flex-wrap gap-1.5">
                <button type="button" className={btn} onClick={() => onLoad(s)}>{t('saved.load')}</button>
                <button
                  type="button"
                  className={btn}
                  disabled={alert.isPending}
                  data-testid="screen-alert"
                  onClick={() => alert.mutate({ screenId: s.id, ruleId: s.alert?.rule_id ?? null, active: !s.alert?.active, email }, onErr)}
                >
                  {!s.alert ? t('saved.alertOn') : s.alert.active ? t('saved.alertPause') : t('saved.alertResume')}
                </button>
                <button type="button" className={`${btn} text-down`} disabled={del.isPending} onClick={() => del.mutate(s.id, { ...onErr, onSuccess: () => showToast({ kind: 'success', messageKey: 'screener:saved.deleted' }) })}>
                  {t('saved.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
