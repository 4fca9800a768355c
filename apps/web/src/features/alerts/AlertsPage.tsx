import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AlertRule, WebhookDelivery, WebhookEndpoint } from '@coinlens/contracts/alerts/rules';
import { Container } from '../../components/layout/PageShell';
import { Dialog } from '../../components/Dialog';
import { EmptyState, ErrorState, Panel, Skeleton } from '../../components/ui';
import { api } from '../../lib/api-client';
import { ApiError, errorKey } from '../../lib/api';
import { formatDateTimeUtc, formatPrice } from '../../lib/format';
import { isSupportedLang } from '../../lib/locale';
import { usePageTitle } from '../../lib/page-title';
import { showToast } from '../../lib/toast';
import { useCopy } from '../../lib/use-copy';
import {
  ALERT_KEYS, useAlertChannels, useAlertRules, useDeleteAlertRule, useDeliveries, useNotifications, useTelegram, useTelegramDeliveries, useTelegramLinkToken, useTestTelegram, useUnlinkTelegram,
  useUpdateAlertRule, useWebhooks,
} from './alerts-api';
import { CreateAlertDialog } from './CreateAlertDialog';
import { NotificationItem } from './NotificationBell';
import { retryImport } from '../../lib/retry';

/** Web Push on this device and the subscribed browsers: its own chunk, loaded with the page's right column. */
const PushPanel = lazy(() => retryImport(() => import('./PushPanel')));

const btn = 'rounded-md border border-border px-2.5 py-1 text-[12px] font-medium hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 disabled:opacity-50';

/** One line describing a rule in the page's language (a strategy rule: its strategy's bias, levels and date). */
export function useDescribeRule() {
  const { t, i18n } = useTranslation('alerts');
  return (r: AlertRule): string => {
    const p = r.rule;
    const sym = r.coin?.symbol ?? t('dialog.watchlist');
    switch (p.kind) {
      case 'price_cross':
        return t('describe.price_cross', { symbol: sym, level: formatPrice(p.level), dir: t(`dir.${p.direction}`) });
      case 'price_move':
        return t('describe.price_move', { symbol: sym, percent: p.percent, window: p.window_minutes, dir: t(`dir.${p.direction}`) });
      case 'signal':
        return t(p.edge_only ? 'describe.signalEdge' : 'describe.signal', { symbol: sym, pattern: p.pattern === 'any' ? t('dialog.anyPattern') : p.pattern.replace(/_/g, ' '), timeframe: p.timeframe, dir: t(`dir.${p.direction}`) });
      case 'news':
        return t('describe.news', { symbol: sym, importance: t(`importance.${Math.min(4, p.min_importance)}`), dir: t(`newsDir.${p.direction}`) });
      case 'screen':
        return t('describe.screen', { id: p.screen_id });
      case 'strategy': {
        const s = r.strategy;
        if (!s) return t('describe.strategyGone', { id: p.strategy_id, on: t(`on.${p.on}`) });
        return t('describe.strategy', {
          term: t(`term.${s.term}`),
          timeframe: s.timeframe,
          bias: t(`bias.${s.bias}`),
          date: formatDateTimeUtc(s.created_at, i18n.language),
          entry: `${formatPrice(s.entry_low)}–${formatPrice(s.entry_high)}`,
          target: s.target == null ? '—' : formatPrice(s.target),
          invalidation: formatPrice(s.invalidation),
          on: t(`on.${p.on}`),
        });
      }
    }
  };
}

/** One alert rule: what it watches, its channels and state, and Pause/Resume, Edit, Delete. */
export function RuleRow({ r, onEdit }: { r: AlertRule; onEdit: () => void }) {
  const { t } = useTranslation('alerts');
  const { lang = 'en-US' } = useParams();
  const describe = useDescribeRule();
  const upd = useUpdateAlertRule();
  const del = useDeleteAlertRule();
  const [confirm, setConfirm] = useState(false);
  // a strategy rule's coin is its strategy's
  const coin = r.coin ?? r.strategy?.coin ?? null;
  const onErr = { onError: (e: unknown) => showToast({ kind: 'error', messageKey: errorKey(e) }) };
  // A one-shot price rule pauses itself when it fires (market time of the fire); Resume arms it again.
  const firedOnce = !r.active && r.rule.kind === 'price_cross' && !r.rule.repeat && !!r.last_fired_at;
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4" data-testid="alert-rule" data-active={r.active}>
      <div className="min-w-0">
        <p className="text-[14px] font-medium break-words text-fg" data-testid="alert-rule-text" data-kind={r.rule.kind}>
          {coin ? (
            <Link to={`/${lang}/crypto/${coin.slug}`} className="mr-1.5 text-primary-600 hover:underline dark:text-primary-400">
              {coin.symbol}
            </Link>
          ) : (
            (r.rule.kind === 'signal' || r.rule.kind === 'news') && <span className="mr-1.5 text-muted">{t('rules.watchlist')}</span>
          )}
          {describe(r)}
        </p>
        <p className="mt-0.5 text-[12px] text-muted">
          {[t('channels.in_app'), ...r.channels.map((c) => t(`channels.${c}`))].join(' · ')}
          {' · '}
          {firedOnce ? (
            <span data-testid="alert-fired-once">{t('rules.firedOnce', { time: formatDateTimeUtc(r.last_fired_at!, lang) })}</span>
          ) : (
            <>
              {r.active ? t('rules.active') : t('rules.paused')}
              {r.last_fired_at && <> · {t('rules.lastFired', { time: formatDateTimeUtc(r.last_fired_at, lang) })}</>}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-1.5">
        <button type="button" className={btn} disabled={upd.isPending} onClick={() => upd.mutate({ id: r.id, active: !r.active }, onErr)} data-testid="alert-toggle">
          {r.active ? t('rules.pause') : t('rules.resume')}
        </button>
        {r.rule.kind === 'screen' ? (
          <Link to={`/${lang}/screener?screen=${r.rule.screen_id}`} className={btn} data-testid="alert-edit">
            {t('rules.edit')}
          </Link>
        ) : (
          <button type="button" className={btn} onClick={onEdit} data-testid="alert-edit">
            {t('rules.edit')}
          </button>
        )}
        <button type="button" className={`${btn} text-down`} onClick={() => setConfirm(true)} data-testid="alert-delete">
          {t('rules.delete')}
        </button>
      </div>
      <Dialog
        open={confirm}
        onClose={() => setConfirm(false)}
        title={t('rules.deleteTitle')}
        footer={
          <div className="flex justify-end gap-2">
            <button type="button" className={btn} onClick={() => setConfirm(false)}>
              {t('dialog.cancel')}
            </button>
            <button type="button" className="rounded-md bg-down px-3 py-1.5 text-[13px] font-medium text-white" data-testid="alert-delete-confirm" onClick={() => { setConfirm(false); del.mutate(r.id, onErr); }}>
              {t('rules.delete')}
            </button>
          </div>
        }
      >
        <p className="text-[14px]">{describe(r)}</p>
      </Dialog>
    </li>
  );
}

function DeliveryLog({ id }: { id: number }) {
  return <DeliveryList q={useDeliveries(id, true)} />;
}

/** A delivery log (webhook endpoint or Telegram): each delivery's status, message id and attempts. */
function DeliveryList({ q }: { q: { isLoading: boolean; data?: WebhookDelivery[] } }) {
  const { t } = useTranslation('alerts');
  const { lang = 'en-US' } = useParams();
  if (q.isLoading) return <Skeleton className="m-3 h-16" />;
  if (!q.data?.length) return <p className="px-3 py-3 text-[12px] text-muted">{t('webhooks.noDeliveries')}</p>;
  return (
    <ul className="divide-y divide-border text-[12px]" data-testid="delivery-log">
      {q.data.map((d) => (
        <li key={d.id} className="px-3 py-2">
          <p className="flex flex-wrap items-center gap-x-2">
            <span className={`rounded px-1.5 font-medium ${d.status === 'delivered' ? 'bg-up/15 text-up' : d.status === 'failed' ? 'bg-down/15 text-down' : 'bg-surface-2 text-muted'}`}>{t(`webhooks.status.${d.status}`)}</span>
            <span className="font-mono break-all text-muted">{d.message_id}</span>
            <span className="text-muted">{d.event_type}</span>
          </p>
          <ul className="mt-1 space-y-0.5 text-muted">
            {d.attempts.map((a) => (
              <li key={a.attempt}>
                {t('webhooks.attempt', { n: a.attempt, time: formatDateTimeUtc(a.at, lang), result: a.status_code != null ? `HTTP ${a.status_code}` : a.error ?? '—', ms: Math.round(a.duration_ms) })}
              </li>
            ))}
            {d.next_attempt_at && <li>{t('webhooks.nextAttempt', { time: formatDateTimeUtc(d.next_attempt_at, lang) })}</li>}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function EndpointRow({ ep }: { ep: WebhookEndpoint }) {
  const { t } = useTranslation('alerts');
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const test = useMutation({
    mutationFn: () => api('testWebhook', { params: { id: ep.id } }, { navigationScoped: false }),
    onSuccess: () => {
      showToast({ kind: 'success', messageKey: 'alerts:webhooks.testQueued' });
      setOpen(true);
      setTimeout(() => void qc.invalidateQueries({ queryKey: ALERT_KEYS.deliveries(ep.id) }), 800);
    },
    onError: (e) => showToast({ kind: 'error', messageKey: errorKey(e) }),
  });
  const del = useMutation({
    mutationFn: () => api('deleteWebhook', { params: { id: ep.id } }, { navigationScoped: false }),
    onSettled: () => qc.invalidateQueries({ queryKey: ALERT_KEYS.webhooks }),
  });
  return (
    <li data-testid="webhook-endpoint">
      <div className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-4">
        <div className="min-w-0">
          <p className="font-mono text-[13px] break-all text-fg">{ep.url}</p>
          {ep.description && <p className="text-[12px] text-muted">{ep.description}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap gap-1.5">
          <button type="button" className={btn} disabled={test.isPending} onClick={() => test.mutate()} data-testid="webhook-test">
            {t('webhooks.sendTest')}
          </button>
          <button type="button" className={btn} aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="webhook-log-toggle">
            {t('webhooks.log')}
          </button>
          <button type="button" className={`${btn} text-down`} disabled={del.isPending} onClick={() => del.mutate()}>
            {t('webhooks.remove')}
          </button>
        </div>
      </div>
      {open && <DeliveryLog id={ep.id} />}
    </li>
  );
}

/** Error codes about the webhook URL itself, shown under the URL field. */
const URL_ERRORS = new Set(['OUTBOUND_URL_NOT_ALLOWED', 'OUTBOUND_HOST_UNRESOLVED']);

/** The webhook endpoints panel: add (URL errors from the server shown under the field), list, send test, delivery log. */
export function WebhooksPanel() {
  const { t } = useTranslation('alerts');
  const qc = useQueryClient();
  const q = useWebhooks();
  const [url, setUrl] = useState('');
  const [desc, setDesc] = useState('');
  const [err, setErr] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const { state, copy } = useCopy();
  const add = useMutation({
    mutationFn: () => api('createWebhook', { body: { url: url.trim(), description: desc.trim() } }, { navigationScoped: false }),
    onSuccess: (ep) => {
      setSecret(ep.secret ?? null);
      setUrl('');
      setDesc('');
      void qc.invalidateQueries({ queryKey: ALERT_KEYS.webhooks });
    },
    // A URL the server will not send to (internal network, unknown host) is the field's error; others are toasts.
    onError: (e) => (e instanceof ApiError && URL_ERRORS.has(e.code) ? setErr(t(errorKey(e))) : showToast({ kind: 'error', messageKey: errorKey(e) })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setErr(t('errors.url'));
    setErr(null);
    add.mutate();
  };
  return (
    <Panel title={t('webhooks.title')} labelledBy="alerts-webhooks">
      <p className="px-3 pt-3 text-[12px] text-muted sm:px-4">{t('webhooks.intro')}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-start sm:px-4">
        <div className="min-w-0 flex-1">
          <label htmlFor="webhook-url" className="sr-only">{t('webhooks.url')}</label>
          <input id="webhook-url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/coinlens" aria-invalid={!!err} aria-describedby={err ? 'webhook-url-err' : undefined} className="h-9 w-full rounded-md border border-border bg-surface px-2.5 text-[14px] aria-[invalid=true]:border-down" data-testid="webhook-url" />
          {err && <p id="webhook-url-err" className="mt-1 text-[12px] text-down">{err}</p>}
        </div>
        <label htmlFor="webhook-desc" className="sr-only">{t('webhooks.description')}</label>
        <input id="webhook-desc" value={desc} onChange={(e) => setDesc(e.target.value)} placeholder={t('webhooks.description')} className="h-9 rounded-md border border-border bg-surface px-2.5 text-[14px] sm:w-48" />
        <button type="submit" disabled={add.isPending} className="h-9 rounded-md bg-primary-600 px-3 text-[13px] font-medium text-white hover:bg-primary-700 disabled:opacity-60" data-testid="webhook-add">
          {t('webhooks.add')}
        </button>
      </form>
      {secret && (
        <div className="mx-3 mb-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-[13px] text-amber-950 sm:mx-4 dark:bg-amber-950/30 dark:text-amber-100" role="status" data-testid="webhook-secret">
          <p className="font-medium">{t('webhooks.secretOnce')}</p>
          <p className="mt-1 font-mono break-all">{secret}</p>
          <div className="mt-2 flex gap-2">
            <button type="button" className={btn} onClick={() => void copy(secret)}>
              {state === 'copied' ? t('webhooks.copied') : t('webhooks.copy')}
            </button>
            <button type="button" className={btn} onClick={() => setSecret(null)}>
              {t('webhooks.done')}
            </button>
          </div>
        </div>
      )}
      {q.isLoading ? (
        <Skeleton className="mx-4 mb-4 h-12" />
      ) : q.error ? (
        <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />
      ) : !q.data?.length ? (
        <p className="px-3 pb-4 text-[13px] text-muted sm:px-4" data-testid="webhooks-empty">{t('webhooks.empty')}</p>
      ) : (
        <ul className="divide-y divide-border border-t border-border">{q.data.map((ep) => <EndpointRow key={ep.id} ep={ep} />)}</ul>
      )}
    </Panel>
  );
}

/**
 * The Telegram channel: off with the reason when the server has no bot; otherwise
 * "Connect Telegram" hands out a one-time deep link (`t.me/<bot>?start=<token>`, 15 minutes) and the
 * panel polls until the bot linked the chat, then shows "Connected as @username" with Send test,
 * the delivery log and Unlink.
 */
function TelegramPanel() {
  const { t } = useTranslation('alerts');
  const { lang = 'en-US' } = useParams();
  const [pending, setPending] = useState<{ url: string; expires_at: string } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [logOpen, setLogOpen] = useState(false);
  const q = useTelegram(!!pending);
  const linkToken = useTelegramLinkToken();
  const unlink = useUnlinkTelegram();
  const test = useTestTelegram();
  const log = useTelegramDeliveries(logOpen);
  const { state, copy } = useCopy();
  const linked = q.data?.linked ?? null;
  const expired = !!pending && Date.parse(pending.expires_at) <= now;
  useEffect(() => {
    if (!pending) return;
    const id = setInterval(() => setNow(Date.now()), 5_000);
    return () => clearInterval(id);
  }, [pending]);
  useEffect(() => {
    if (pending && linked) {
      setPending(null);
      showToast({ kind: 'success', messageKey: 'alerts:telegram.connectedToast' });
    }
  }, [pending, linked]);
  const onErr = { onError: (e: unknown) => showToast({ kind: 'error', messageKey: errorKey(e) }) };
  const connect = () => linkToken.mutate(undefined, { onSuccess: (r) => { setNow(Date.now()); setPending({ url: r.url, expires_at: r.expires_at }); }, ...onErr });
  let body;
  if (q.isLoading) body = <Skeleton className="m-4 h-16" />;
  else if (q.error) body = <ErrorState messageKey={errorKey(q.error)} onRetry={() => void q.refetch()} />;
  // Off on this server: the Channels panel and the rule dialog say why.
  else if (!q.data?.enabled) return null;
  else if (linked)
    body = (
      <div className="space-y-2 px-3 py-3 sm:px-4" data-testid="telegram-linked">
        <p className="text-[14px] font-medium text-fg">{linked.username ? t('telegram.connectedAs', { username: linked.username }) : t('telegram.connected')}</p>
        <p className="text-[12px] text-muted">{t('telegram.since', { time: formatDateTimeUtc(linked.linked_at, lang) })}</p>
        <div className="flex flex-wrap gap-1.5">
          <button type="button" className={btn} disabled={test.isPending} onClick={() => test.mutate(undefined, { onSuccess: () => { showToast({ kind: 'success', messageKey: 'alerts:telegram.testQueued' }); setLogOpen(true); }, ...onErr })} data-testid="telegram-test">
            {t('webhooks.sendTest')}
          </button>
          <button type="button" className={btn} aria-expanded={logOpen} onClick={() => setLogOpen((o) => !o)} data-testid="telegram-log-toggle">
            {t('webhooks.log')}
          </button>
          <button type="button" className={`${btn} text-down`} disabled={unlink.isPending} onClick={() => unlink.mutate(undefined, onErr)} data-testid="telegram-unlink">
            {t('telegram.unlink')}
          </button>
        </div>
      </div>
    );
  else if (pending && !expired)
    body = (
      <div className="space-y-2 px-3 py-3 sm:px-4" data-testid="telegram-pending">
        <p className="text-[13px] text-fg">{t('telegram.pendingBody', { bot: q.data.bot_name, time: formatDateTimeUtc(pending.expires_at, lang) })}</p>
        <div className="flex flex-wrap gap-1.5">
          <a href={pending.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500" data-testid="telegram-open">
            {t('telegram.open')}
          </a>
          <button type="button" className={btn} onClick={() => void copy(pending.url)}>
            {state === 'copied' ? t('webhooks.copied') : t('telegram.copyLink')}
          </button>
        </div>
        <p className="font-mono text-[12px] break-all text-muted" data-testid="telegram-link-url">{pending.url}</p>
        <p className="flex items-center gap-2 text-[12px] text-muted" role="status" aria-live="polite">
          <span className="inline-block h-2 w-2 animate-pulse rounded-full bg-primary-500" aria-hidden="true" />
          {t('telegram.waiting')}
        </p>
      </div>
    );
  else
    body = (
      <div className="space-y-2 px-3 py-3 sm:px-4" data-testid="telegram-unlinked">
        <p className="text-[13px] text-muted">{expired ? t('telegram.expired') : t('telegram.intro')}</p>
        <button type="button" className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:opacity-60" disabled={linkToken.isPending} onClick={connect} data-testid="telegram-connect">
          {expired ? t('telegram.newLink') : t('telegram.connect')}
        </button>
      </div>
    );
  return (
    <Panel title={t('channels.telegram')} labelledBy="alerts-telegram">
      {body}
      {linked && logOpen && (
        <div className="border-t border-border">
          <DeliveryList q={log} />
        </div>
      )}
    </Panel>
  );
}

function ChannelsPanel() {
  const { t } = useTranslation('alerts');
  const q = useAlertChannels();
  return (
    <Panel title={t('channelsPanel.title')}>
      {q.isLoading ? (
        <Skeleton className="m-4 h-20" />
      ) : (
        <ul className="divide-y divide-border text-[13px]" data-testid="alert-channels">
          {q.data?.channels.map((c) => (
            <li key={c.channel} className="flex items-start justify-between gap-3 px-3 py-2 sm:px-4">
              <span className="shrink-0 font-medium">{t(`channels.${c.channel}`)}</span>
              <span className={`text-right ${c.enabled && !c.reason ? 'text-up' : 'text-muted'}`}>{c.enabled ? (c.reason ? t(`channelReasons.${c.reason}`) : t('channelsPanel.on')) : t(`channelReasons.${c.reason ?? 'not_available'}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The Alerts page (route `alerts`, signed in): rules, recent alerts, webhook endpoints with their delivery log, Web Push on this device and the subscribed browsers, channels. */
export default function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { lang: raw } = useParams();
  const lang = isSupportedLang(raw) ? raw : 'en-US';
  usePageTitle(t('title'));
  const rules = useAlertRules();
  const notes = useNotifications();
  const [edit, setEdit] = useState<AlertRule | null>(null);
  const [createOpen, setCreateOpen] = useState(false);
  return (
    <Container className="py-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold text-fg sm:text-2xl">{t('title')}</h1>
          {rules.data && (
            <p className="text-[13px] text-muted" data-testid="alert-usage">
              {t('rules.usage', { active: rules.data.active, limit: rules.data.limit })}{' '}
              <Link to={`/${lang}/pricing`} className="text-primary-600 hover:underline dark:text-primary-400">{t('rules.plans')}</Link>
            </p>
          )}
        </div>
        <button type="button" className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700" onClick={() => setCreateOpen(true)} data-testid="alert-new-watchlist">
          {t('rules.newAlert')}
        </button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-4">
          <Panel title={t('rules.title')}>
            {rules.isLoading ? (
              <div className="space-y-2 p-4" aria-busy="true">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : rules.error ? (
              <ErrorState messageKey={errorKey(rules.error)} onRetry={() => void rules.refetch()} />
            ) : !rules.data?.rules.length ? (
              <EmptyState title={t('rules.emptyTitle')} body={t('rules.emptyBody')} testId="alerts-empty" />
            ) : (
              <ul className="divide-y divide-border" data-testid="alert-rules">
                {rules.data.rules.map((r) => (
                  <RuleRow key={r.id} r={r} onEdit={() => setEdit(r)} />
                ))}
              </ul>
            )}
          </Panel>
          <WebhooksPanel />
        </div>
        <div className="min-w-0 space-y-4">
          <Panel title={t('recent.title')}>
            {notes.isLoading ? (
              <Skeleton className="m-4 h-24" />
            ) : !notes.data?.items.length ? (
              <p className="px-4 py-6 text-center text-[13px] text-muted">{t('recent.empty')}</p>
            ) : (
              <div className="space-y-1 p-2" data-testid="alerts-recent">
                {notes.data.items.slice(0, 10).map((n) => (
                  <NotificationItem key={n.id} n={n} lang={lang} />
                ))}
              </div>
            )}
          </Panel>
          <TelegramPanel />
          <Suspense fallback={<Skeleton className="h-32 w-full" />}>
            <PushPanel />
          </Suspense>
          <ChannelsPanel />
        </div>
      </div>
      <CreateAlertDialog open={!!edit} onClose={() => setEdit(null)} draft={{ edit: edit ?? undefined }} />
      <CreateAlertDialog open={createOpen} onClose={() => setCreateOpen(false)} draft={{ kind: 'signal' }} />
    </Container>
  );
}

/** Link card to the Alerts page shown on the settings page. */
export function AlertsSettingsLink({ lang }: { lang: string }) {
  const { t } = useTranslation('alerts');
  return (
    <Panel title={t('title')}>
      <div className="flex items-center justify-between gap-3 px-3 py-3 sm:px-4">
        <p className="text-[13px] text-muted">{t('settingsLink.body')}</p>
        <Link to={`/${lang}/alerts`} className={btn} data-testid="settings-alerts-link">
          {t('settingsLink.open')}
        </Link>
      </div>
    </Panel>
  );
}
