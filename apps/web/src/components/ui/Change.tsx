import { formatPercent, trendOf } from '../../lib/format';

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
