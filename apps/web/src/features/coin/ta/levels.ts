/** The one rule that splits an analysis's levels at the live price (shared with the server). */
export { levelsAtPrice } from '@coinlens/contracts/signals/levels-at-price';
