/**
 * The pace of refusals: a refused call costs its client nothing (no rate token, no credit), so
 * without a pace one key (or one address with keys we do not know) sending refused calls as fast as
 * they are answered takes a worker's whole CPU, and every other user's calls wait behind it
 * (`npm run bench:gateway -- --flood`). Past its pace a refusal is still answered, the same answer,
 * only later: a connection carries one call at a time (the fast path answers pipelined calls in
 * order; a WebSocket holds a few in flight), so a waiting refusal holds its connection back, and the
 * flood slows to what its connections can carry in a wait, instead of what a worker can refuse.
 *
 * Each process paces on its own (no shared store is touched on a refusal), so with WORKERS > 1 and
 * replicas a key's pace is this one × processes × replicas. An ordinary client never waits: a
 * client over its rate by less than REFUSALS_PER_SECOND, or refused now and then, is answered at once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import ipaddr from 'ipaddr.js';
import { KeyedTokenBuckets } from '@server/shared/keyed-token-buckets';

/** Refusals of one key (or address) answered at once per second, in one process... */
export const REFUSALS_PER_SECOND = 50;
/** ...and at once after a quiet while, up to this many (twice the pace). */
export const REFUSAL_BURST = 2 * REFUSALS_PER_SECOND;
/** The longest a refusal waits: once a key owes a second of refusals, each waits this long. */
export const REFUSAL_MAX_WAIT_MS = 1_000;
/** Refusals waiting at once in a process; past it one is answered at once (memory stays bounded: each holds its answer). */
export const REFUSALS_WAITING_MAX = 10_000;

/** Whose refusals are paced together: a known key's, or a client address's (IPv6 by its /64, what one host is given). */
export type RefusalScope = { readonly keyId: number } | { readonly address: string };

function scopeName(scope: RefusalScope): string {
  if ('keyId' in scope) return `key ${scope.keyId}`;
  if (!ipaddr.isValid(scope.address)) return 'address unknown';
  const address = ipaddr.process(scope.address);
  if (address.kind() === 'ipv4') return `address ${address.toString()}`;
  const bytes = address.toByteArray();
  return `address ${ipaddr.fromByteArray([...bytes.slice(0, 8), 0, 0, 0, 0, 0, 0, 0, 0]).toString()}/64`;
}

/** The pace of REFUSALS_PER_SECOND refusals a second (a burst of twice that), each waiting at most REFUSAL_MAX_WAIT_MS. */
export function refusalPaceOf(perSecond: number): RefusalPace {
  return new RefusalPace(perSecond, 2 * perSecond);
}

export class RefusalPace {
  private readonly buckets: KeyedTokenBuckets<string>;
  private waiting = 0;

  constructor(
    private readonly perSecond = REFUSALS_PER_SECOND,
    burst = REFUSAL_BURST,
    private readonly maxWaitMs = REFUSAL_MAX_WAIT_MS,
    private readonly maxWaiting = REFUSALS_WAITING_MAX,
    /** Milliseconds of real time (never the app's clock, which tests stop): the waits are real. */
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.buckets = new KeyedTokenBuckets({ perSecond, burst, debt: (perSecond * maxWaitMs) / 1000 });
  }

  /** How long the scope's refusal now waits: 0 while within its pace. */
  waitMs(scope: RefusalScope): number {
    const owed = this.buckets.take(scopeName(scope), this.now());
    if (owed === 0 || this.waiting >= this.maxWaiting) return 0;
    return Math.min(this.maxWaitMs, Math.ceil((owed * 1000) / this.perSecond));
  }

  /** Resolves after `ms`; counted among the refusals waiting meanwhile. */
  async wait(ms: number): Promise<void> {
    this.waiting += 1;
    try {
      await sleep(ms);
    } finally {
      this.waiting -= 1;
    }
  }
}
