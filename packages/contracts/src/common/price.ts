/**
 * The one price-rounding rule of Coinlens: a price in the quote currency (USDT) is
 * shown with 2 decimals when |price| ≥ 1, else with 4 significant digits. Derived prices (levels,
 * entries, targets, triggers) are rounded with it before they reach a text or a response, so a
 * number in a text is always one of the facts' renderings.
 *
 * ```ts
 * roundPrice(103245.567) // 103245.57
 * roundPrice(0.000123456) // 0.0001235
 * ```
 */
export function roundPrice(v: number): number {
  return Math.abs(v) >= 1 ? Math.round(v * 100) / 100 : Number(v.toPrecision(4));
}

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

/** Zeros after the decimal point from which a price below 1 is written in subscript-zero notation. */
export const SUBSCRIPT_ZEROS_FROM = 4;

/** Thousands grouped with ",": "103245.50" → "103,245.50". */
function groupThousands(s: string): string {
  const [int, frac] = s.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac !== undefined ? '.' + frac : '');
}

/**
 * The one written form of a price in the quote currency (USDT), used by every screen and every
 * alert text: 2 decimals, thousands grouped, at |price| ≥ 1; below 1, 4 significant digits
 * (the precision of {@link roundPrice}, trailing zeros kept so every price of a coin has the same
 * number of digits); from {@link SUBSCRIPT_ZEROS_FROM} zeros after the point on, the zeros are
 * counted in a subscript ("subscript-zero notation", as DEX screeners write meme-coin prices).
 * Not a number (NaN, ±Infinity) gives "—".
 *
 * ```ts
 * formatPrice(103245.5)   // "103,245.50"
 * formatPrice(0.5)        // "0.5000"
 * formatPrice(0.000123)   // "0.0001230"
 * formatPrice(0.0000139)  // "0.0₄1390"   (0.0000139: four zeros after the point)
 * formatPrice(0.00001302) // "0.0₄1302"
 * ```
 */
export function formatPrice(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (v === 0) return '0.00';
  const sign = v < 0 ? '-' : '';
  const abs = Math.abs(v);
  // 4 significant digits first: rounding may carry into the next power of ten (0.99996 → 1.000).
  const rounded = Number(abs.toPrecision(4));
  if (abs >= 1 || rounded >= 1) return groupThousands(v.toFixed(2));
  const exp = Math.floor(Math.log10(rounded));
  const zeros = -exp - 1;
  const digits = Math.round(rounded * 10 ** (3 - exp)).toString().padStart(4, '0').slice(0, 4);
  if (zeros >= SUBSCRIPT_ZEROS_FROM) {
    const count = String(zeros).replace(/\d/g, (d) => SUBSCRIPT_DIGITS[Number(d)]);
    return `${sign}0.0${count}${digits}`;
  }
  return `${sign}0.${'0'.repeat(zeros)}${digits}`;
}

/** A subscript zero count in a written number: "0.0₄1302" (the zeros after "0.0", counted by the subscript ₄). */
const SUBSCRIPT_RUN = /0\.0([₀₁₂₃₄₅₆₇₈₉]+)(\d+)/g;

/**
 * The plain decimal form of every subscript-zero number in `text` (what {@link formatPrice} writes
 * below 1): "0.0₄1302" → "0.00001302", where the subscript counts the zeros after the decimal point.
 * Other text is returned unchanged, so a reader of numbers (the assistant's grounding checks) can
 * parse either notation the same way.
 *
 * ```ts
 * expandSubscriptZeros('PEPE 0.0₄1302') // "PEPE 0.00001302"
 * expandSubscriptZeros('0.0₁₂5')        // "0.0000000000005"
 * ```
 */
export function expandSubscriptZeros(text: string): string {
  return text.replace(SUBSCRIPT_RUN, (_, sub: string, digits: string) => {
    const zeros = Number([...sub].map((c) => SUBSCRIPT_DIGITS.indexOf(c)).join(''));
    return `0.${'0'.repeat(zeros)}${digits}`;
  });
}
