/**
 * Whether a dated snapshot (`YYYY-MM-DD`, e.g. the CoinMarketCap listing a supply comes from) is
 * dated after the market clock's UTC day (`now`, ms since epoch). In replay the clock runs through
 * past months while the shipped supply listing is newer: such a figure is not "as of" the clock.
 * False when either input is missing or unparseable.
 */
export function isSnapshotAfterClock(date: string | null | undefined, now: number): boolean {
  if (!date || !(now > 0)) return false;
  const day = Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
  if (!Number.isFinite(day)) return false;
  return day > Math.floor(now / 86_400_000) * 86_400_000;
}
