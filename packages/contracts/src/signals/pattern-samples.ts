import { edgeStat, type EdgeRecord } from './edge-stats';

/** The three columns of a pattern-stats row (GET /api/signals/pattern-stats). */
export type PatternSampleKey = 'all' | 'in_sample' | 'out_of_sample';

/** The edge record of a sample without signals (n = 0, no verdict). */
export const EMPTY_SAMPLE: EdgeRecord = edgeStat(0, 0, null, 0);

/**
 * The figures of one sample of a pattern-stats row (zod-free: the web imports it at run time).
 * A row carries `in_sample` / `out_of_sample` only when the answer holds signals of both samples;
 * otherwise the sample with signals (answer.samples > 0) is exactly `all` and the other is
 * {@link EMPTY_SAMPLE}.
 */
export function patternSample(
  answer: { samples: { in_sample: number; out_of_sample: number } },
  row: { all: EdgeRecord; in_sample?: EdgeRecord; out_of_sample?: EdgeRecord },
  key: PatternSampleKey,
): EdgeRecord {
  if (key === 'all') return row.all;
  return row[key] ?? (answer.samples[key] > 0 ? row.all : EMPTY_SAMPLE);
}
