import type { AccessLists, AccessRules } from '@server/gateway/access-rules';
import type { LocalKey } from '@server/gateway/admission';
import type { CreditAccount } from '@server/metering/credit-account';

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
  /** The owner's plan (src/domain/plan-catalog.ts: its WebSocket limits). */
  readonly planId: number;
  /** Whether its calls go to the request log (a paid plan, and the key's switch on); absent: not. */
  readonly logRequests?: boolean;
  /** When the key stops working, epoch ms (its expiry); absent or null: never. */
  readonly expiresAt?: number | null;
  /** This secret is the key's previous one (it was rolled): when its grace ends, epoch ms; absent or null: the current secret. */
  readonly graceUntil?: number | null;
}

/**
 * Whether a key no longer works at `nowMs`: 'expired' past its expiry, 'rolled' for a previous secret
 * past its grace (then it is as unknown as any other), null while it works. Read on every call: a
 * key cached before its end stops at its end, whatever the cache's lifetime.
 */
export function keyEnded(key: GatewayKey, nowMs: number): 'expired' | 'rolled' | null {
  if (key.graceUntil != null && nowMs >= key.graceUntil) return 'rolled';
  if (key.expiresAt != null && nowMs >= key.expiresAt) return 'expired';
  return null;
}

/** A key as the main process loads it from the database. */
export interface KeyEntry extends GatewayKey, LocalKey {
  /** The owner's credits in the current cycle (shared by all their keys); its limit null = unlimited. */
  readonly credits: CreditAccount;
  /** What `access` was compiled from (HTTP workers compile their own). */
  readonly lists: AccessLists;
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
  /** Most keys kept; past it the least recently used goes. */
  readonly maxEntries?: number;
  /**
   * Most unknown keys kept, apart from the known ones: a stream of random keys churns these only,
   * never the keys of real users.
   */
  readonly maxUnknown?: number;
}

/**
 * At most `cap` entries, the least recently used evicted first. A Map iterates in insertion order:
 * an entry re-inserted when used is the newest, the first one the least recently used.
 */
class Lru<Value> {
  private readonly map = new Map<string, Value>();
  /** The last key touched: a key called over and over is not re-inserted on every call. */
  private newest: string | null = null;

  constructor(private readonly cap: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: string): Value | undefined {
    const value = this.map.get(key);
    if (value !== undefined && key !== this.newest) {
      this.map.delete(key);
      this.map.set(key, value);
      this.newest = key;
    }
    return value;
  }

  set(key: string, value: Value): void {
    this.map.delete(key);
    while (this.map.size >= this.cap) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.map.delete(oldest.value);
    }
    this.map.set(key, value);
    this.newest = key;
  }

  delete(key: string): void {
    this.map.delete(key);
    if (key === this.newest) this.newest = null;
  }

  clear(): void {
    this.map.clear();
    this.newest = null;
  }

  entries(): IterableIterator<[string, Value]> {
    return this.map.entries();
  }
}

/**
 * API key → KeyEntry, in memory. A miss loads from the database once, however many calls wait for
 * it; an unknown key is remembered as unknown for a while too. Bounded: least recently used keys go
 * first, and unknown keys are kept apart, so random keys cannot push real ones out. Invalidation
 * drops entries at once and makes loads already under way unable to store what they read (it may
 * predate the change); a key is invalidated when it is created too, so no earlier miss hides it.
 */
export class GatewayKeyCache<Key extends GatewayKey = KeyEntry> implements KeyCache {
  private readonly known: Lru<Cached<Key>>;
  private readonly unknown: Lru<number>;
  private readonly loading = new Map<string, Promise<Key | null>>();
  private epoch = 0;
  private readonly listeners: Array<(apiKey: string | null, userId: number | null) => void> = [];
  private readonly ttlMs: number;
  private readonly unknownTtlMs: number;

  constructor(
    private readonly load: KeyLoader<Key>,
    private readonly now: () => number,
    options: KeyCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.unknownTtlMs = options.unknownTtlMs ?? 5_000;
    this.known = new Lru(Math.max(1, options.maxEntries ?? 100_000));
    this.unknown = new Lru(Math.max(1, options.maxUnknown ?? 10_000));
  }

  /** Keys held: known ones (with their entry) and unknown ones. */
  get size(): { readonly known: number; readonly unknown: number } {
    return { known: this.known.size, unknown: this.unknown.size };
  }

  /** The cached answer (an entry, or null for a key known not to exist), or undefined on a miss. */
  peek(apiKey: string): Key | null | undefined {
    const cached = this.known.get(apiKey);
    if (cached !== undefined) {
      if (cached.expiresAt > this.now()) return cached.entry;
      this.known.delete(apiKey);
      return undefined;
    }
    const unknownUntil = this.unknown.get(apiKey);
    if (unknownUntil === undefined) return undefined;
    if (unknownUntil > this.now()) return null;
    this.unknown.delete(apiKey);
    return undefined;
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
    this.known.delete(apiKey);
    this.unknown.delete(apiKey);
    this.loading.delete(apiKey);
  }

  invalidateUser(userId: number): void {
    for (const listener of this.listeners) listener(null, userId);
    this.epoch += 1;
    const dropped: string[] = [];
    for (const [apiKey, cached] of this.known.entries()) {
      if (cached.entry?.userId === userId) dropped.push(apiKey);
    }
    for (const apiKey of dropped) this.known.delete(apiKey);
    this.loading.clear();
  }

  /**
   * Drops every key, known and unknown (invalidations from other replicas may have been missed).
   * Listeners hear it as one invalidation per user whose keys were held here: the HTTP workers' own
   * caches were filled from this one, so those are the users they may hold.
   */
  invalidateAll(): void {
    const userIds = new Set<number>();
    for (const [, cached] of this.known.entries()) {
      if (cached.entry !== null) userIds.add(cached.entry.userId);
    }
    for (const userId of userIds) {
      for (const listener of this.listeners) listener(null, userId);
    }
    this.epoch += 1;
    this.known.clear();
    this.unknown.clear();
    this.loading.clear();
  }

  private store(apiKey: string, entry: Key | null): void {
    if (entry === null) {
      this.known.delete(apiKey);
      this.unknown.set(apiKey, this.now() + this.unknownTtlMs);
    } else {
      this.unknown.delete(apiKey);
      this.known.set(apiKey, { entry, expiresAt: this.now() + this.ttlMs });
    }
  }
}
