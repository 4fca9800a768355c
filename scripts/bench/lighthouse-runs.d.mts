/** Figures of one completed Lighthouse run: score 0–100; lcp, fcp in s; tbt in ms; js, total in KB on the wire. */
export interface RunFigures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  js: number;
  total: number;
  index: number;
}
/** Figures of one run from a Lighthouse result (lhr), or null when the run failed (runtimeError, no score). */
export declare function runFigures(lhr: unknown): RunFigures | null;
/** Median (the upper one of an even count) of `key` over the completed runs (nulls left out); NaN when none completed. */
export declare function medianOf<T extends object>(runs: Array<T | null>, key: keyof T & string): number;
/** A note when the host's benchmark index is below the high-end desktop class (< 1,500) that Lighthouse's default 4× CPU slowdown is meant for; null otherwise. */
export declare function slowHostNote(index: number): string | null;
/** The user-timing mark `name` of a Lighthouse result in s from the navigation's start; null when the run failed or has no such mark. */
export declare function markSeconds(lhr: unknown, name: string): number | null;
