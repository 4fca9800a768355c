import { HomeNews } from './news/HomeNews';
import { StoryOfTheDay } from '../feeds/components/StoryOfTheDay';

/** Real-time news column with currency and heat filters (SPEC §2 Home). */
export function NewsColumnSlot() {
  return <HomeNews />;
}

/** The "story of the day" card (SPEC §4 Story of the day). */
export function StoryOfTheDaySlot() {
  return <StoryOfTheDay />;
}
