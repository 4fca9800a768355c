import { analyticsEvents, type DatabaseHandle } from '@coinlens/db';

/** One analytics event to store (`analytics_events`, packages/db schema/following.ts); times in ms since epoch. */
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The SQL of self-hosted analytics: events are appended, never updated (reports read them in scripts/analytics-report.ts). */
export class AnalyticsRepository {
  constructor(private readonly h: DatabaseHandle) {}

  /** Appends one page view or custom event. */
  async record(event: NewAnalyticsEvent): Promise<void> {
    await this.h.db.insert(analyticsEvents).values(event);
  }
}
