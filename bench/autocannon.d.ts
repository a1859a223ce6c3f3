/**
 * autocannon 8 ships no type definitions. These cover only what bench/gateway-mix-load.ts uses,
 * checked against node_modules/autocannon (autocannon.js, lib/init.js, lib/requestIterator.js,
 * lib/aggregateResult.js). Replace with @types/autocannon once it is a dependency.
 */
declare module 'autocannon' {
  /** An answer's header fields by name as the server wrote it; a repeated field gives a list. */
  export type Headers = Readonly<Record<string, string | string[]>>;

  export interface Request {
    readonly method?: string;
    readonly path?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string;
    /** Called with each answer to this request (its body read whole). */
    readonly onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Headers) => void;
  }

  export interface Options {
    readonly url: string;
    readonly connections?: number;
    /** Seconds. */
    readonly duration?: number;
    readonly pipelining?: number;
    readonly method?: string;
    readonly headers?: Readonly<Record<string, string>>;
    /** Sent in turn by each connection, over and over. */
    readonly requests?: readonly Request[];
  }

  /** A histogram's summary: latency in ms, requests per second. */
  export interface Summary {
    readonly average: number;
    readonly mean: number;
    readonly p50: number;
    readonly p99: number;
  }

  export interface Result {
    readonly requests: Summary & { readonly total: number };
    readonly latency: Summary;
    readonly non2xx: number;
    readonly errors: number;
    readonly timeouts: number;
  }

  /** Without a callback, a promise of the run's result. */
  export default function autocannon(options: Options): Promise<Result>;
}
