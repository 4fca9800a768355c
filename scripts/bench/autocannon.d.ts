/** The part of autocannon's API (v8, no bundled types) that the benchmarks use. */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: { method?: string; path: string }[];
  }
  /** Runs the load; resolves with the summary when `duration` has passed. */
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
