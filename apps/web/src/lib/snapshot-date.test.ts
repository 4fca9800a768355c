import { describe, expect, it } from 'vitest';
import { isSnapshotAfterClock } from './snapshot-date';

describe('isSnapshotAfterClock', () => {
  const may16 = Date.parse('2025-05-16T13:45:00Z');
  it('is true for a snapshot dated after the clock day', () => {
    expect(isSnapshotAfterClock('2025-08-02', may16)).toBe(true);
    expect(isSnapshotAfterClock('2025-05-17', may16)).toBe(true);
  });
  it('is false for the same day, an earlier day, or missing inputs', () => {
    expect(isSnapshotAfterClock('2025-05-16', may16)).toBe(false);
    expect(isSnapshotAfterClock('2025-01-01', may16)).toBe(false);
    expect(isSnapshotAfterClock(null, may16)).toBe(false);
    expect(isSnapshotAfterClock('2025-08-02', 0)).toBe(false);
    expect(isSnapshotAfterClock('not a date', may16)).toBe(false);
  });
});
