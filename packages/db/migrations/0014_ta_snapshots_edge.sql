-- TA snapshots stored before signals carried their edge (hit rate against the baseline with a 95 %
-- interval) no longer match the ta_result contract: drop them, so the start-up backfill recomputes
-- each from its candles (it refreshes every coin and timeframe without a snapshot).
DELETE FROM "ta_snapshots" AS t
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements(COALESCE(t."result"->'market'->'signals', '[]'::jsonb)) AS s
  WHERE NOT (s ? 'edge')
);
