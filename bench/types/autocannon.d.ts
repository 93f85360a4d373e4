// autocannon ships no types; this declares the part of its programmatic API the benches use.
declare module 'autocannon' {
  type Options = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    /** Runs the load in this many worker threads, off the caller's event loop. */
    workers?: number;
  };

  type Histogram = {
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  };

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}
