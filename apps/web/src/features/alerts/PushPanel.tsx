import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PushDevice } from '@coinlens/contracts/alerts/push';
import { Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { ApiError, errorKey } from '../../lib/api';
import { formatDateTimeUtc } from '../../lib/format';
import { showToast } from '../../lib/toast';
import { ALERT_KEYS, usePushConfig, usePushDevices } from './alerts-api';
import { deviceLabel, disablePush, enablePush, PushPermissionError, readPushState, type PushState } from './push-client';

const btn = 'rounded-md border border-border px-2.5 py-1 text-[12px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-50';

/** The state shown for this browser: the browser's own state, or `not_configured` when the server has no VAPID keys. */
type Shown = PushState['kind'] | 'not_configured' | 'loading';

/**
 * "Push on this device" on the Alerts page (lazy-loaded): the state of this browser (enabled,
 * blocked by the browser, not supported, not set up on the server), the button that asks for
 * permission and subscribes with the server's public key, and the list of subscribed browsers with
 * remove.
 */
export default function PushPanel() {
  const { t } = useTranslation('alerts');
  const { lang = 'en-US' } = useParams();
  const qc = useQueryClient();
  const config = usePushConfig();
  const devices = usePushDevices();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => void readPushState().then(setState), []);
  useEffect(refresh, [refresh]);

  const save = useMutation({
    mutationFn: (body: Awaited<ReturnType<typeof enablePush>>) => api('subscribePush', { body }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.pushDevices }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => api('deletePushSubscription', { params: { id } }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.pushDevices }),
    onError: (e) => showToast({ kind: 'error', messageKey: errorKey(e) }),
  });

  const enabled = config.data?.enabled ?? false;
  // Subscribed in this browser and known to the server for this account: enabled. A subscription the
  // server does not list for this user (removed from another device, or made by another account on
  // this browser) counts as off until the user enables push again here.
  const browserEndpoint = state?.kind === 'enabled' ? state.endpoint : null;
  const here = browserEndpoint && devices.data?.some((d) => d.endpoint === browserEndpoint) ? browserEndpoint : null;

  const turnOn = async () => {
    if (!config.data?.public_key) return;
    setBusy(true);
    try {
      const body = await enablePush(config.data.public_key);
      await save.mutateAsync(body);
      showToast({ kind: 'success', messageKey: 'alerts:push.enabledToast' });
    } catch (e) {
      // The browser's own failure (its push service unreachable, …) is not an API error.
      showToast({ kind: 'error', messageKey: e instanceof PushPermissionError ? 'alerts:push.permissionRefused' : e instanceof ApiError ? errorKey(e) : 'alerts:push.subscribeFailed' });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const endpoint = await disablePush();
      const mine = devices.data?.find((d) => d.endpoint === endpoint);
      if (mine) await remove.mutateAsync(mine.id);
    } catch (e) {
      showToast({ kind: 'error', messageKey: errorKey(e) });
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const removeDevice = async (d: PushDevice) => {
    if (d.endpoint === here) return turnOff();
    remove.mutate(d.id);
  };

  const shown: Shown = !config.data || !state || (browserEndpoint && !devices.data) ? 'loading' : !enabled ? 'not_configured' : state.kind === 'enabled' && !here ? 'off' : state.kind;
  const tone = shown === 'enabled' ? 'bg-up/15 text-up' : shown === 'off' || shown === 'loading' ? 'bg-surface-2 text-muted' : 'bg-down/10 text-down';

  return (
    <Panel title={t('push.title')} labelledBy="alerts-push">
      <div className="space-y-2 px-3 py-3 sm:px-4" data-testid="push-panel" data-state={shown}>
        {shown === 'loading' ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2 text-[13px]">
              <span className={`rounded px-1.5 py-0.5 text-[12px] font-medium ${tone}`} data-testid="push-state">
                {t(`push.state.${shown}`)}
              </span>
            </p>
            <p className="text-[12px] text-muted">{t(`push.explain.${shown}`)}</p>
            {enabled && (shown === 'off' || shown === 'enabled') && (
              <div className="flex flex-wrap gap-2">
                {shown === 'off' ? (
                  <button type="button" onClick={() => void turnOn()} disabled={busy} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:opacity-60" data-testid="push-enable">
                    {busy ? t('push.enabling') : t('push.enable')}
                  </button>
                ) : (
                  <button type="button" onClick={() => void turnOff()} disabled={busy} className={btn} data-testid="push-disable">
                    {t('push.disable')}
                  </button>
                )}
              </div>
            )}
          </>
        )}
      </div>
      <div className="border-t border-border">
        <h3 className="px-3 pt-3 text-[13px] font-medium text-fg sm:px-4">{t('push.devices')}</h3>
        {devices.isLoading ? (
          <Skeleton className="mx-4 my-3 h-10" />
        ) : !devices.data?.length ? (
          <p className="px-3 py-3 text-[12px] text-muted sm:px-4" data-testid="push-devices-empty">{t('push.noDevices')}</p>
        ) : (
          <ul className="divide-y divide-border" data-testid="push-devices">
            {devices.data.map((d) => (
              <li key={d.id} className="flex items-center justify-between gap-3 px-3 py-2 sm:px-4" data-testid="push-device">
                <div className="min-w-0 text-[13px]">
                  <p className="truncate font-medium text-fg" title={d.user_agent ?? undefined}>
                    {deviceLabel(d.user_agent) ?? t('push.unknownDevice')}
                    {d.endpoint === here && <span className="ml-1.5 rounded bg-primary-50 px-1 text-[11px] text-primary-700 dark:bg-primary-950 dark:text-primary-300">{t('push.thisDevice')}</span>}
                  </p>
                  <p className="text-[12px] text-muted">{t('push.since', { time: formatDateTimeUtc(d.created_at, lang) })}</p>
                </div>
                <button type="button" className={`${btn} shrink-0 text-down`} disabled={busy || remove.isPending} onClick={() => void removeDevice(d)} aria-label={t('push.removeLabel', { device: deviceLabel(d.user_agent) ?? t('push.unknownDevice') })}>
                  {t('push.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
