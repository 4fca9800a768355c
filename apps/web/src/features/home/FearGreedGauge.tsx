/** Half-circle gauge 0..100 (fear red → greed green) with a needle at `value`. */
export function FearGreedGauge({ value, label }: { value: number; label: string }) {
  const v = Math.max(0, Math.min(100, value));
  const angle = Math.PI * (1 - v / 100);
  const cx = 60;
  const cy = 56;
  const r = 46;
  const nx = cx + (r - 8) * Math.cos(angle);
  const ny = cy - (r - 8) * Math.sin(angle);
  const segments = ['#e0384b', '#f08a3c', '#e8c53a', '#8bc34a', '#0a9b63'];
  const arcs = segments.map((color, i) => {
    const a0 = Math.PI * (1 - i / 5);
    const a1 = Math.PI * (1 - (i + 1) / 5);
    const p0 = [cx + r * Math.cos(a0), cy - r * Math.sin(a0)];
    const p1 = [cx + r * Math.cos(a1), cy - r * Math.sin(a1)];
    return <path key={color} d={`M${p0[0]},${p0[1]} A${r},${r} 0 0 1 ${p1[0]},${p1[1]}`} stroke={color} strokeWidth="8" fill="none" />;
  });
  return (
    <svg viewBox="0 0 120 64" className="h-16 w-[120px] shrink-0" role="img" aria-label={label}>
      {arcs}
      <line x1={cx} y1={cy} x2={nx} y2={ny} stroke="var(--cl-fg)" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx={cx} cy={cy} r="4" fill="var(--cl-fg)" />
    </svg>
  );
}
