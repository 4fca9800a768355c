// Followed coins: the follow button and the watchlist. Other features import from this file only, never from the feature's modules.
export { FollowButton } from './FollowButton';
export { WatchlistView } from './WatchlistView';
