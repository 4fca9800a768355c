/** The part of autocannon's programmatic API (v8) the benchmarks use; the package ships no types. */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
