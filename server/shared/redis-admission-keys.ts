import type { TakeRequest } from '@server/gateway/admission-store';
import type { CreditAccount } from '@server/metering/credit-account';

// Where the shared admission state lives in Redis: every key the scripts of
// redis-admission-scripts.ts touch is named here.

const prefix = 'rpc_dashboard:gateway';
/** The replicas heard from lately, scored by when. */
export const replicasKey = `${prefix}:replicas`;

/** A user's keys share a hash tag ({userId}): one script may take both on a Redis Cluster too. */
export function bucketKey(userId: number): string {
  return `${prefix}:{${userId}}:bucket`;
}

/**
 * One counter per user and cycle: a plan change (a new anchor) or a new cycle starts another. A key's
 * spend has one per period (its day, its owner's cycle), under its owner's hash tag.
 */
export function creditKey(account: CreditAccount): string {
  const owner = `${prefix}:{${account.userId}}`;
  const period = `${account.anchor.getTime()}:${account.cycle.start.getTime()}`;
  return account.key === null ? `${owner}:credits:${period}` : `${owner}:key:${account.key.keyId}:${account.key.period}:${period}`;
}

/** The accounts of a request that have a limit: the user's quota first, then the key's caps (what Redis counts). */
export function limited(request: TakeRequest): CreditAccount[] {
  return [request.account, ...request.spend].filter((account) => account.limit !== null);
}
