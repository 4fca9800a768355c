import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClock } from '../lib/clock';
import { formatDateTimeUtc } from '../lib/format';

/**
 * "Replay · 16 May 2025 14:05 UTC" while the market clock runs in replay mode. The
 * time advances with the clock; the tooltip explains that prices are replayed history.
 */
export function ReplayBadge({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { mode, now } = useClock();
  const tipId = useId();
  if (mode !== 'replay' || !now) return null;
  const time = formatDateTimeUtc(now, i18n.language);
  return (
    <span className={`group relative inline-flex ${className}`}>
      <span
        tabIndex={0}
        aria-describedby={tipId}
        data-testid="replay-badge"
        className="inline-flex items-center gap-1.5 rounded-full border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-[11px] font-medium whitespace-nowrap text-amber-700 outline-none dark:text-amber-300"
      >
        <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" aria-hidden="true" />
        <span className="num">{t('replay.badge', { time })}</span>
      </span>
      <span
        role="tooltip"
        id={tipId}
        className="pointer-events-none invisible absolute top-full left-0 z-30 mt-1 w-max max-w-[12.5rem] rounded-md bg-gray-900 px-2 py-1.5 text-[11px] leading-snug text-white opacity-0 shadow-lg transition-opacity duration-[250ms] group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-gray-700"
      >
        {t('replay.tooltip')}
      </span>
    </span>
  );
}
