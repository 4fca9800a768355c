import { HomeNews } from './news/HomeNews';
import { StoryOfTheDay } from '../feeds';

/** Real-time news column with currency and heat filters. */
export function NewsColumnSlot() {
  return <HomeNews />;
}

/** The "story of the day" card. */
export function StoryOfTheDaySlot() {
  return <StoryOfTheDay />;
}
