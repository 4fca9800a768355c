import { useEffect, useRef, useState } from 'react';

/**
 * Coin logo with a lettered fallback when the image fails. In the dark theme the image sits on a
 * light disc: some logos are dark marks on a transparent ground (Cardano's blue on nothing), which
 * vanish on a dark surface; logos drawn on a disc of their own cover it.
 */
export function CoinLogo({ src, symbol, size = 24 }: { src?: string | null; symbol: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // an image of the server-rendered markup may have failed before the app hydrated it (its onError
  // was not attached yet): a broken image is complete with no pixels
  useEffect(() => {
    const el = img.current;
    if (el?.complete && el.currentSrc && el.naturalWidth === 0) setFailed(true);
  }, []);
  if (!src || failed) {
    // an SVG sized by its attributes, not a style attribute: the server-rendered pages' CSP blocks
    // style attributes in their markup, and the app hydrates that markup without rewriting them
    return (
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="shrink-0 text-primary-700 dark:text-primary-200" aria-hidden="true" data-testid="coin-monogram">
        <circle cx={size / 2} cy={size / 2} r={size / 2} className="fill-primary-100 dark:fill-primary-900" />
        <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" fontSize={Math.max(9, size * 0.38)} fontWeight={600} fill="currentColor">
          {symbol.slice(0, 3)}
        </text>
      </svg>
    );
  }
  return <img ref={img} src={src} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-full dark:bg-slate-100" data-logo-backdrop="dark" onError={() => setFailed(true)} />;
}
