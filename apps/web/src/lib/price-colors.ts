/**
 * Price-colour convention: which colour means "price went up".
 *
 * - `green-up`: green for a rise, red for a fall (the convention of most English-language markets).
 * - `red-up`: red for a rise, green for a fall (the convention of mainland China's markets, which
 *   Chinese traders expect).
 *
 * The choice is stored under {@link PRICE_COLORS_STORAGE_KEY} in localStorage once the user picks one
 * in Settings → Appearance; until then it follows the page's language (`zh-CN` → `red-up`, any other
 * → `green-up`). It is applied as `data-price-colors` on <html>, where styles.css swaps the `--cl-up`
 * and `--cl-down` tokens, so every `text-up`/`text-down`/▲/▼ and the candle chart
 * ({@link chartPriceColors}) follow it in both themes. `public/boot.js` applies the same rule before
 * first paint; this module keeps it in sync afterwards and across tabs (the `storage` event).
 */

export type PriceColors = 'green-up' | 'red-up';
export const PRICE_COLORS_STORAGE_KEY = 'priceColors';
const ATTR = 'data-price-colors';

type Listener = (v: PriceColors) => void;
const listeners = new Set<Listener>();

function parse(v: string | null | undefined): PriceColors | null {
  return v === 'red-up' || v === 'green-up' ? v : null;
}

/** The convention a language gets when the user has chosen none: `red-up` for zh-CN, else `green-up`. */
export function defaultPriceColors(lang: string): PriceColors {
  return lang === 'zh-CN' ? 'red-up' : 'green-up';
}

/** The stored choice, or null when the user has not chosen (or storage is unavailable). */
export function storedPriceColors(): PriceColors | null {
  try {
    return parse(localStorage.getItem(PRICE_COLORS_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The convention applied now (the `data-price-colors` attribute of <html>; `green-up` when absent). */
export function getPriceColors(): PriceColors {
  return parse(document.documentElement.getAttribute(ATTR)) ?? 'green-up';
}

function apply(v: PriceColors): void {
  if (document.documentElement.getAttribute(ATTR) === v) return;
  document.documentElement.setAttribute(ATTR, v);
  for (const l of listeners) l(v);
}

/** Stores and applies the user's choice. */
export function setPriceColors(v: PriceColors): void {
  try {
    localStorage.setItem(PRICE_COLORS_STORAGE_KEY, v);
  } catch {}
  apply(v);
}

/** Applies the stored choice, or the language's default when there is none (called on language change). */
export function applyPriceColorsFor(lang: string): void {
  apply(storedPriceColors() ?? defaultPriceColors(lang));
}

/** Subscribes to changes (this tab or another); returns an unsubscribe function. */
export function subscribePriceColors(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows a choice made in another tab. Returns a cleanup function. */
export function initPriceColors(lang: string): () => void {
  applyPriceColorsFor(lang);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PRICE_COLORS_STORAGE_KEY) apply(parse(e.newValue) ?? defaultPriceColors(document.documentElement.lang));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * A chart palette's rise/fall colours under a convention: `red-up` swaps the palette's `up` and
 * `down` (and their volume shades), so a rising candle is drawn in the theme's red.
 */
export function chartPriceColors<P extends { up: string; down: string; upVol: string; downVol: string }>(palette: P, v: PriceColors): P {
  return v === 'red-up' ? { ...palette, up: palette.down, down: palette.up, upVol: palette.downVol, downVol: palette.upVol } : palette;
}
