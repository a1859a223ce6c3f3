import type { KeyCache } from '@server/gateway/key-cache';

/** A change that makes cached copies of keys stale: one key (created, renamed, deleted) or all of a user's (plan, allow-lists). */
export type KeyChange = { readonly apiKey: string } | { readonly userId: number };

export interface KeyChangeHandlers {
  /** A change another replica made. */
  apply(change: KeyChange): void;
  /** Changes may have been missed (the channel was down): drop everything cached. */
  resync(): void;
}

/**
 * How one replica's key changes reach the other replicas' gateway key caches. One process needs
 * nothing (`inProcessKeyChanges`); replicas on one PostgreSQL server use LISTEN/NOTIFY
 * (server/shared/postgres-key-changes.ts); a Redis pub/sub one fits the same shape.
 */
export interface KeyChanges {
  /** Tells the other replicas; never throws (a failure is logged, their caches catch up on their TTL). */
  publish(change: KeyChange): void;
  /** Where the other replicas' changes go; set once, before the first request. */
  subscribe(handlers: KeyChangeHandlers): void;
  close(): Promise<void>;
}

/** One replica: every change already reached the only cache there is. */
export function inProcessKeyChanges(): KeyChanges {
  return { publish: () => undefined, subscribe: () => undefined, close: async () => undefined };
}

/** What the shared cache needs of the gateway's own cache (GatewayKeyCache). */
export interface LocalKeyCache extends KeyCache {
  invalidateAll(): void;
}

/**
 * The key cache the dashboard's operations and billing call: each change drops this replica's
 * copies at once (as before: the answer that follows already sees it) and is published to the others;
 * what the others publish is applied here. The gateway reads `local` itself.
 */
export function sharedKeyCache(local: LocalKeyCache, changes: KeyChanges): KeyCache {
  changes.subscribe({
    apply: (change) => {
      if ('apiKey' in change) local.invalidateKey(change.apiKey);
      else local.invalidateUser(change.userId);
    },
    resync: () => local.invalidateAll(),
  });
  return {
    invalidateKey: (apiKey) => {
      local.invalidateKey(apiKey);
      changes.publish({ apiKey });
    },
    invalidateUser: (userId) => {
      local.invalidateUser(userId);
      changes.publish({ userId });
    },
  };
}
