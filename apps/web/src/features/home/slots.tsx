import { useTranslation } from 'react-i18next';
import { FeatureSlot } from '../../components/ui';

/**
 * Slot: real-time news column with currency and heat filters (SPEC §2 Home). The news work
 * replaces this component; keep its name and place in HomePage.
 */
export function NewsColumnSlot() {
  const { t } = useTranslation('home');
  return <FeatureSlot name="home-news" title={t('news.title')} body={t('news.empty')} />;
}

/** Slot: the "story of the day" card (SPEC §4 Story of the day). Replaced by the news work. */
export function StoryOfTheDaySlot() {
  const { t } = useTranslation('home');
  return <FeatureSlot name="home-story-of-the-day" title={t('story.title')} body={t('story.empty')} />;
}
