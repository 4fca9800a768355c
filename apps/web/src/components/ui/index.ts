// The UI primitives, one per file; import them from here (`components/ui`).
export { Change } from './Change';
export { CoinLogo } from './CoinLogo';
export { DataCredits } from './DataCredits';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { FlashValue } from './FlashValue';
export { Panel } from './Panel';
export { Skeleton } from './Skeleton';
