import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent, trendOf } from '../lib/format';

/** Grey shimmering block used while data loads. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div className={`skeleton ${className}`} aria-hidden="true" />;
}

/** A bordered panel with an optional title row. */
export function Panel({ title, actions, children, className = '', as = 'section', labelledBy, avoidBackToTop }: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  as?: 'section' | 'div' | 'aside';
  labelledBy?: string;
  /** The floating back-to-top button hides while it would cover this panel (ScrollToTop). */
  avoidBackToTop?: boolean;
}) {
  const Tag = as;
  return (
    <Tag className={`min-w-0 rounded-lg border border-border bg-surface ${className}`} aria-labelledby={labelledBy} data-avoid-back-to-top={avoidBackToTop ? '' : undefined}>
      {(title || actions) && (
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-b border-border px-3 py-2 sm:px-4">
          {title && (
            <h2 id={labelledBy} className="min-w-0 text-[13px] font-semibold tracking-wide break-words text-fg">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </Tag>
  );
}

/** Honest empty state: an icon, a heading and one line of explanation. */
export function EmptyState({ title, body, children, testId }: { title: ReactNode; body?: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 px-4 py-10 text-center" data-testid={testId}>
      <svg viewBox="0 0 24 24" className="h-8 w-8 text-muted" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" />
        <path d="M3 9h18M8 14h8" strokeLinecap="round" />
      </svg>
      <p className="text-sm font-semibold text-fg">{title}</p>
      {body && <p className="max-w-md text-[13px] text-muted">{body}</p>}
      {children}
    </div>
  );
}

/** Error state with the translated message of an error code and a retry button. */
export function ErrorState({ messageKey, onRetry }: { messageKey?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-4 py-8 text-center">
      <p className="text-sm text-fg">{t('states.error')}</p>
      {messageKey && <p className="text-[13px] text-muted">{t(messageKey, { defaultValue: t('errors:INTERNAL') })}</p>}
      {onRetry && (
        <button type="button" onClick={onRetry} className="rounded-md bg-primary-600 px-3 py-1.5 text-[13px] font-medium text-white hover:bg-primary-700">
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

/** Signed percent change coloured green (up) or red (down). */
export function Change({ value, className = '', pill = false }: { value: number | null | undefined; className?: string; pill?: boolean }) {
  const dir = trendOf(value);
  const color = dir === 'up' ? 'text-up' : dir === 'down' ? 'text-down' : 'text-muted';
  const bg = pill ? (dir === 'up' ? 'bg-up-soft' : dir === 'down' ? 'bg-down-soft' : 'bg-surface-2') : '';
  return (
    <span className={`num whitespace-nowrap ${color} ${pill ? `rounded px-1.5 py-0.5 ${bg}` : ''} ${className}`} data-trend={dir}>
      {dir === 'up' ? '▲ ' : dir === 'down' ? '▼ ' : ''}
      {formatPercent(value).replace(/^[+-]/, '')}
    </span>
  );
}

/**
 * Text that flashes green/red when `value` changes (live prices). `children` is the formatted value.
 */
export function FlashValue({ value, children, className = '' }: { value: number | null | undefined; children: string; className?: string }) {
  const prev = useRef<{ value: number | null | undefined; text: string }>({ value, text: children });
  const [flash, setFlash] = useState<{ dir: 'up' | 'down'; n: number } | null>(null);
  useEffect(() => {
    const p = prev.current;
    prev.current = { value, text: children };
    // Flash only when the displayed text changes, not on sub-cent moves.
    if (p.value == null || value == null || p.text === children) return;
    setFlash((f) => ({ dir: value > p.value! ? 'up' : 'down', n: (f?.n ?? 0) + 1 }));
  }, [value, children]);
  return (
    <span key={flash?.n ?? 0} className={`num rounded-sm ${flash ? `flash-${flash.dir}` : ''} ${className}`}>
      {children}
    </span>
  );
}

/** Coin logo with a lettered fallback when the image fails. */
export function CoinLogo({ src, symbol, size = 24 }: { src?: string | null; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span
        className="inline-flex shrink-0 items-center justify-center rounded-full bg-primary-100 font-semibold text-primary-700 dark:bg-primary-900 dark:text-primary-200"
        style={{ width: size, height: size, fontSize: Math.max(9, size * 0.38) }}
        aria-hidden="true"
      >
        {symbol.slice(0, 3)}
      </span>
    );
  }
  return <img src={src} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-full" onError={() => setFailed(true)} />;
}

/** Data credits shown wherever market figures are displayed. */
export function DataCredits({ extra }: { extra?: string[] }) {
  const { t } = useTranslation();
  return (
    <p className="text-[11px] leading-snug text-muted" data-testid="data-credits">
      {t('credits.market')}
      {extra && extra.length > 0 && <> · {extra.join(' · ')}</>}
    </p>
  );
}
