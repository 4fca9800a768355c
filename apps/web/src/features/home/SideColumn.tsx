import { memo } from 'react';
import { WatchlistView } from '../watchlist';
import { NewsColumnSlot, StoryOfTheDaySlot } from './slots';

/**
 * The right-hand column (story of the day, watchlist, news). Memoised: it takes no props, so the
 * market stream's ticks, which re-render the page every second, do not re-render the news cards.
 */
export default memo(function SideColumn() {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <StoryOfTheDaySlot />
      <WatchlistView compact />
      <NewsColumnSlot />
    </div>
  );
});
