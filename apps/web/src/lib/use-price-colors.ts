import { useSyncExternalStore } from 'react';
import { getPriceColors, subscribePriceColors, type PriceColors } from './price-colors';

/** The price-colour convention applied now, re-rendering on change (this tab or another). */
export function usePriceColors(): PriceColors {
  return useSyncExternalStore(subscribePriceColors, getPriceColors, () => 'green-up');
}
