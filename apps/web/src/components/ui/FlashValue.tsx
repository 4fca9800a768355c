import { useEffect, useRef, useState } from 'react';

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
