import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AlertNotification } from '@coinlens/contracts/alerts/rules';
import { useSession } from '../../lib/session';
import { useDismiss } from '../../lib/use-dismiss';
import { useAlertStream, useMarkRead, useNotifications } from './alerts-api';

/** Text of a bilingual line in the page's language. */
export function inLang(b: { en: string; zh: string } | null, lang: string): string {
  return b ? (lang.startsWith('zh') ? b.zh : b.en) : '';
}

/**
 * One notification: title, body (price and market time, "replay" on a replayed clock), the
 * trigger's record, link to the page. One clock: no wall-clock "sent" time beside the market time
 * (during a replay the two are years apart).
 */
export function NotificationItem({ n, lang, onOpen }: { n: AlertNotification; lang: string; onOpen?: () => void }) {
  return (
    <Link
      to={`/${lang}${n.path}`}
      onClick={onOpen}
      className={`block rounded-md px-2.5 py-2 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary-500 ${n.read ? '' : 'bg-primary-50/60 dark:bg-primary-950/40'}`}
      data-testid="notification-item"
      data-read={n.read}
    >
      <p className="flex items-start gap-1.5 text-[13px] font-medium text-fg">
        {!n.read && <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-primary-500" aria-hidden="true" />}
        <span>{inLang(n.title, lang)}</span>
      </p>
      <p className="mt-0.5 text-[12px] text-muted">{inLang(n.body, lang)}</p>
      {n.record && <p className="mt-0.5 text-[12px] text-muted" data-testid="notification-record">{inLang(n.record, lang)}</p>}
    </Link>
  );
}

/**
 * The header bell: unread count pushed live over SSE, a popup with the latest alerts,
 * "mark all read" and a link to the Alerts page. Rendered only when signed in.
 */
export function NotificationBell({ lang }: { lang: string }) {
  const { t } = useTranslation('shell');
  const { token } = useSession();
  useAlertStream();
  const q = useNotifications();
  const mark = useMarkRead();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  if (!token) return null;
  const unread = q.data?.unread ?? 0;
  const label = unread ? t('alertsBell.openUnread', { n: unread }) : t('alertsBell.open');
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-primary-500"
        data-testid="notification-bell"
      >
        <svg viewBox="0 0 24 24" className="h-[18px] w-[18px]" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
          <path d="M6 16V11a6 6 0 1112 0v5l1.5 2h-15z" strokeLinejoin="round" />
          <path d="M10 20a2 2 0 004 0" strokeLinecap="round" />
        </svg>
        {unread > 0 && (
          <span className="num absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-down px-1 text-center text-[10px] leading-4 font-bold text-white" data-testid="notification-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div role="dialog" aria-label={t('alertsBell.title')} className="fixed inset-x-2 top-[60px] z-50 max-h-[70vh] overflow-auto rounded-lg border border-border bg-surface p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96" data-testid="notification-panel">
          <div className="flex items-center justify-between gap-2 px-1 pb-2">
            <h2 className="text-[14px] font-semibold">{t('alertsBell.title')}</h2>
            <button type="button" disabled={!unread || mark.isPending} onClick={() => mark.mutate('all')} className="rounded px-2 py-1 text-[12px] text-primary-600 hover:bg-surface-2 disabled:opacity-50 dark:text-primary-400" data-testid="notification-mark-all">
              {t('alertsBell.markAllRead')}
            </button>
          </div>
          {q.isLoading ? (
            <div className="space-y-2 p-1" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <div key={i} className="h-14 animate-pulse rounded-md bg-surface-2" />
              ))}
            </div>
          ) : !q.data?.items.length ? (
            <p className="px-2 py-6 text-center text-[13px] text-muted" data-testid="notification-empty">{t('alertsBell.empty')}</p>
          ) : (
            <div className="space-y-1">
              {q.data.items.map((n) => (
                <NotificationItem
                  key={n.id}
                  n={n}
                  lang={lang}
                  onOpen={() => {
                    setOpen(false);
                    if (!n.read) mark.mutate([n.id]);
                  }}
                />
              ))}
            </div>
          )}
          <div className="mt-2 border-t border-border pt-2 text-center">
            <Link to={`/${lang}/alerts`} onClick={() => setOpen(false)} className="text-[13px] text-primary-600 hover:underline dark:text-primary-400" data-testid="notification-manage">
              {t('alertsBell.manage')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
