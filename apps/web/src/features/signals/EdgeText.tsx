import { useTranslation } from 'react-i18next';
import type { EdgeStat } from '@coinlens/contracts';
import { formatEdge, NO_MEASURABLE_EDGE } from '@coinlens/contracts/signals/edge-stats';

const VERDICT_CLASS = { edge: 'text-up', worse: 'text-down', none: 'text-muted' } as const;

/**
 * A record's edge over its baseline in the one shared wording (formatEdge of contracts):
 * `short` = verdict with edge and 95 % interval ("no measurable edge (+1.0 pp, 95 % CI −2.1 to
 * +4.0)"), `full` = hit rate, baseline and n before it. Coloured by verdict.
 */
export function EdgeText({ stat, mode = 'short', className = '' }: { stat: EdgeStat; mode?: 'short' | 'full'; className?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={`${VERDICT_CLASS[stat.verdict]} ${className}`} data-testid="edge-text" data-verdict={stat.verdict}>
      {formatEdge(stat, i18n.language, mode)}
    </span>
  );
}

/** The shared "no measurable edge" wording in a UI language (for i18n interpolation). */
export function noEdgeWording(lang: string): string {
  return lang.toLowerCase().startsWith('zh') ? NO_MEASURABLE_EDGE.zh : NO_MEASURABLE_EDGE.en;
}
