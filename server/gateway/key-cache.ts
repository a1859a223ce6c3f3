import type { AccessRules } from '@server/gateway/access-rules';
import type { LocalKey } from '@server/gateway/admission';
import type { CreditAccount } from '@server/metering/credit-ledger';
import type { AccessControl } from '@server/repos/access-control';

/**
 * Keys are `rpk_` + 32 base62 characters (server/auth/tokens.ts); the contract allows up to 128
 * characters. Anything else is refused before any lookup, and never cached: garbage keys (up to a
 * request head's 16 KiB) would otherwise fill the cache with unknown entries at no cost to a client.
 */
export const plausibleKey = /^[A-Za-z0-9_-]{1,128}$/;

/** Everything the gateway checks a call against, kept in memory per key. */
export interface GatewayKey {
  readonly apiKey: string;
  readonly keyId: number;
  readonly userId: number;
  /** Requests per second of the plan; null = unlimited (no bucket). */
  readonly rate: number | null;
  readonly access: AccessRules;
}

/** A key as the main process loads it from the database. */
export interface KeyEntry extends GatewayKey, LocalKey {
  /** The owner's credits in the current cycle (shared by all their keys); its limit null = unlimited. */
  readonly credits: CreditAccount;
  /** The allow-lists as stored (what `access` was compiled from; HTTP workers compile their own). */
  readonly lists: AccessControl;
}

/** What the dashboard's operations call after changing a key, a plan or the allow-lists. */
export interface KeyCache {
  invalidateKey(apiKey: string): void;
  invalidateUser(userId: number): void;
}

export type KeyLoader<Key extends GatewayKey = KeyEntry> = (apiKey: string) => Promise<Key | null>;

interface Cached<Key> {
  readonly entry: Key | null;
  readonly expiresAt: number;
}

export interface KeyCacheOptions {
  /** How long a loaded key is trusted: changes made by another process (npm run admin) show after it. */
  readonly ttlMs?: number;
  /** How long an unknown key stays known as unknown (a burst of calls with a wrong key costs one query). */
  readonly unknownTtlMs?: number;
  /** Above this many entries the cache starts afresh (random keys must not grow memory without bound). */
  readonly maxEntries?: number;
}

/**
 * API key → KeyEntry, in memory. A miss loads from the database once, however many calls wait for
 * it. Invalidation drops entries at once and makes loads already under way unable to store what
 * they read (it may predate the change).
 */
export class GatewayKeyCache<Key extends GatewayKey = KeyEntry> implements KeyCache {
  private readonly entries = new Map<string, Cached<Key>>();
  private readonly loading = new Map<string, Promise<Key | null>>();
  private epoch = 0;
  private readonly listeners: Array<(apiKey: string | null, userId: number | null) => void> = [];
  private readonly ttlMs: number;
  private readonly unknownTtlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly load: KeyLoader<Key>,
    private readonly now: () => number,
    options: KeyCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.unknownTtlMs = options.unknownTtlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 100_000;
  }

  /** The cached answer (an entry, or null for a key known not to exist), or undefined on a miss. */
  peek(apiKey: string): Key | null | undefined {
    const cached = this.entries.get(apiKey);
    if (cached === undefined) return undefined;
    if (cached.expiresAt <= this.now()) {
      this.entries.delete(apiKey);
      return undefined;
    }
    return cached.entry;
  }

  async get(apiKey: string): Promise<Key | null> {
    if (!plausibleKey.test(apiKey)) return null;
    const cached = this.peek(apiKey);
    if (cached !== undefined) return cached;
    const pending = this.loading.get(apiKey);
    if (pending !== undefined) return pending;
    const epoch = this.epoch;
    const loaded = this.load(apiKey).then(
      (entry) => {
        if (this.loading.get(apiKey) === loaded) this.loading.delete(apiKey);
        if (epoch === this.epoch) this.store(apiKey, entry);
        return entry;
      },
      (error: unknown) => {
        if (this.loading.get(apiKey) === loaded) this.loading.delete(apiKey);
        throw error;
      },
    );
    this.loading.set(apiKey, loaded);
    return loaded;
  }

  /** Told of every invalidation (the main process passes them on to its HTTP workers). */
  onInvalidate(listener: (apiKey: string | null, userId: number | null) => void): void {
    this.listeners.push(listener);
  }

  invalidateKey(apiKey: string): void {
    for (const listener of this.listeners) listener(apiKey, null);
    this.epoch += 1;
    this.entries.delete(apiKey);
    this.loading.delete(apiKey);
  }

  invalidateUser(userId: number): void {
    for (const listener of this.listeners) listener(null, userId);
    this.epoch += 1;
    for (const [apiKey, cached] of this.entries) {
      if (cached.entry?.userId === userId) this.entries.delete(apiKey);
    }
    this.loading.clear();
  }

  private store(apiKey: string, entry: Key | null): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(apiKey, { entry, expiresAt: this.now() + (entry === null ? this.unknownTtlMs : this.ttlMs) });
  }
}
