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
