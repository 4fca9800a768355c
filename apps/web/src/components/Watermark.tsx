import { useEffect, useRef, type ReactNode } from 'react';

/** Watermark defaults. */
export const WATERMARK_DEFAULTS = { opacity: 0.1, rotate: -20, font: 'bold 16px sans-serif', color: '#999999', zIndex: 1000, gap: 200 } as const;

/**
 * Tiles `text` over its children (e.g. on shared images): opacity 0.1, rotated −20°, 16px bold
 * #999999, z-index 1000, 200px tile gap; repaints on resize; never intercepts clicks.
 */
export function Watermark({ text, children, ...o }: { text: string; children: ReactNode } & Partial<typeof WATERMARK_DEFAULTS>) {
  const opts = { ...WATERMARK_DEFAULTS, ...o };
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = layer.current;
    if (!el) return;
    const paint = () => {
      const c = document.createElement('canvas');
      const ctx = c.getContext('2d');
      if (!ctx) return;
      const ratio = window.devicePixelRatio || 1;
      c.width = opts.gap * ratio;
      c.height = opts.gap * ratio;
      ctx.scale(ratio, ratio);
      ctx.translate(opts.gap / 2, opts.gap / 2);
      ctx.rotate((opts.rotate * Math.PI) / 180);
      ctx.font = opts.font;
      ctx.fillStyle = opts.color;
      ctx.globalAlpha = opts.opacity;
      ctx.textAlign = 'center';
      ctx.fillText(text, 0, 0);
      el.style.backgroundImage = `url(${c.toDataURL()})`;
      el.style.backgroundSize = `${opts.gap}px ${opts.gap}px`;
    };
    paint();
    window.addEventListener('resize', paint);
    return () => window.removeEventListener('resize', paint);
  }, [text, opts.gap, opts.rotate, opts.font, opts.color, opts.opacity]);
  return (
    <div className="relative">
      {children}
      <div ref={layer} aria-hidden="true" className="pointer-events-none absolute inset-0" style={{ zIndex: opts.zIndex }} data-testid="watermark" />
    </div>
  );
}
