import { useTranslation } from 'react-i18next';
import type { UsageKind } from '@coinlens/contracts';
import { useUsage } from './pricing-api';

/**
 * Remaining daily attempts of a quota ("3/5 left today"), for the signed-in user; nothing for
 * visitors or while loading. Place it next to the metered action and invalidate the query key
 * `['users', 'usage', kind]` after each call so it updates.
 */
export function QuotaBadge({ kind, className = '' }: { kind: UsageKind; className?: string }) {
  const { t } = useTranslation('pricing');
  const usage = useUsage(kind);
  if (!usage.data) return null;
  const { remaining, limit } = usage.data;
  const empty = remaining <= 0;
  return (
    <span
      data-testid={`quota-${kind}`}
      title={t('quota.resets')}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-[11px] font-medium ${empty ? 'border-down/40 text-down' : 'border-border text-muted'} ${className}`}
    >
      {t(`quota.${kind}`, { remaining, limit })}
    </span>
  );
}
