/** Feeds (news) contracts: SPEC §3 Feed, §7 Feeds. */
export * from './feed';
export * from './get-latest-feeds';
export * from './get-feed';
export * from './story-of-the-day';
export * from './news-filter';
