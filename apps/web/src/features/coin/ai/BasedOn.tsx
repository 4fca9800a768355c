import { useTranslation } from 'react-i18next';
import type { AiBasedOn, Timeframe } from '@coinlens/contracts';
import { TIMEFRAME_MS } from '@coinlens/contracts/common/timeframe';
import { formatDateTimeUtc } from '../../../lib/format';


/** "Based on 1h candle closed 16 May 2025 12:00 UTC, news #…, track record 40/61" — the data an AI text rests on. */
export function basedOnText(b: AiBasedOn, t: (k: string, o?: Record<string, unknown>) => string, lang: string): string {
  const parts = b.candles.map((c) => t('ai:insights.candle', { tf: c.timeframe, time: formatDateTimeUtc(c.open_time + (TIMEFRAME_MS[c.timeframe as Timeframe] ?? 0), lang) }));
  if (b.news_ids.length) parts.push(t('ai:insights.news', { ids: b.news_ids.map((id) => `#${id}`).join(', ') }));
  if (b.accuracy) parts.push(t('ai:insights.accuracy', { hits: b.accuracy.hits, total: b.accuracy.total }));
  return parts.join(' · ');
}

export function BasedOn({ basedOn, className = '' }: { basedOn: AiBasedOn; className?: string }) {
  const { t, i18n } = useTranslation('ai');
  return (
    <p className={`text-[11px] leading-snug text-muted ${className}`} data-testid="ai-based-on">
      {t('insights.basedOn', { candles: basedOnText(basedOn, t, i18n.language) })}
    </p>
  );
}
