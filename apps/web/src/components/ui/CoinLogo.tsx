import { useState } from 'react';

/**
 * Coin logo with a lettered fallback when the image fails. In the dark theme the image sits on a
 * light disc: some logos are dark marks on a transparent ground (Cardano's blue on nothing), which
 * vanish on a dark surface; logos drawn on a disc of their own cover it.
 */
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
  return <img src={src} alt="" width={size} height={size} loading="lazy" className="shrink-0 rounded-full dark:bg-slate-100" data-logo-backdrop="dark" onError={() => setFailed(true)} />;
}
