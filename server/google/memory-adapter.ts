import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  model: string;
  payload: AdapterPayload;
  /** Epoch milliseconds, or undefined for no expiry. */
  expiresAt: number | undefined;
}

export interface MemoryStoreOptions {
  now?: () => number;
  /** Entries of every model together; past it the oldest are dropped. */
  maxEntries?: number;
  /** Expired entries are swept at most this often (ms), so a sweep costs little per write. */
  sweepEveryMs?: number;
}

export interface MemoryStore {
  /** The provider's `adapter` setting: storage of one model. */
  adapter(model: string): Adapter;
  /** What is held now (tests check it stays bounded). */
  size(): { entries: number; uids: number; userCodes: number; grants: number };
}

/**
 * Storage for the local development provider: one store per provider instance, so two apps in
 * one process (tests) never share sessions or codes. Everything is lost at restart, which is
 * fine for a stand-in whose sessions last minutes.
 *
 * Anyone who reaches the server can make the provider store an interaction per request, so the
 * store is bounded: expired entries are swept (at most every `sweepEveryMs`), and past
 * `maxEntries` the oldest written are dropped, with their index entries. A flood can then cut
 * short a sign-in in progress (its page says it expired), never grow memory.
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 1_000;
  const sweepEveryMs = options.sweepEveryMs ?? 10_000;
  /** In order of last write: the front is what was written longest ago. */
  const entries = new Map<string, Entry>();
  /** Indexes are per model (`model:uid` → entry key), as lookups by uid or user code are. */
  const uidIndex = new Map<string, string>();
  const userCodeIndex = new Map<string, string>();
  const grantMembers = new Map<string, Set<string>>();
  let lastSweep = now();

  function remove(key: string): void {
    const entry = entries.get(key);
    entries.delete(key);
    if (entry === undefined) return;
    const { model, payload } = entry;
    if (payload.uid !== undefined && uidIndex.get(`${model}:${payload.uid}`) === key) uidIndex.delete(`${model}:${payload.uid}`);
    if (payload.userCode !== undefined && userCodeIndex.get(`${model}:${payload.userCode}`) === key) {
      userCodeIndex.delete(`${model}:${payload.userCode}`);
    }
    if (payload.grantId !== undefined) {
      const members = grantMembers.get(payload.grantId);
      members?.delete(key);
      if (members?.size === 0) grantMembers.delete(payload.grantId);
    }
  }

  const isExpired = (entry: Entry, at: number) => entry.expiresAt !== undefined && entry.expiresAt <= at;

  function read(key: string): AdapterPayload | undefined {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (isExpired(entry, now())) {
      remove(key);
      return undefined;
    }
    return entry.payload;
  }

  /** A development server runs for days: drop what expired, then the oldest past the cap. */
  function bound(): void {
    const current = now();
    if (current - lastSweep >= sweepEveryMs) {
      lastSweep = current;
      for (const [key, entry] of entries) if (isExpired(entry, current)) remove(key);
    }
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break;
      remove(key);
    }
  }

  return {
    adapter(model) {
      const keyOf = (id: string) => `${model}:${id}`;
      return {
        async upsert(id, payload, expiresIn) {
          const key = keyOf(id);
          remove(key); // written again: its old index entries go, and it moves to the back
          entries.set(key, {
            model,
            payload: { ...payload },
            expiresAt: expiresIn === undefined ? undefined : now() + expiresIn * 1000,
          });
          if (payload.uid !== undefined) uidIndex.set(keyOf(payload.uid), key);
          if (payload.userCode !== undefined) userCodeIndex.set(keyOf(payload.userCode), key);
          if (payload.grantId !== undefined) {
            const members = grantMembers.get(payload.grantId) ?? new Set<string>();
            members.add(key);
            grantMembers.set(payload.grantId, members);
          }
          bound();
        },
        async find(id) {
          return read(keyOf(id));
        },
        async findByUid(uid) {
          const key = uidIndex.get(keyOf(uid));
          return key === undefined ? undefined : read(key);
        },
        async findByUserCode(userCode) {
          const key = userCodeIndex.get(keyOf(userCode));
          return key === undefined ? undefined : read(key);
        },
        async consume(id) {
          const entry = entries.get(keyOf(id));
          if (entry !== undefined) {
            entry.payload = { ...entry.payload, consumed: Math.floor(now() / 1000) };
          }
        },
        async destroy(id) {
          remove(keyOf(id));
        },
        async revokeByGrantId(grantId) {
          for (const key of [...(grantMembers.get(grantId) ?? [])]) remove(key);
          grantMembers.delete(grantId);
        },
      };
    },
    size: () => ({ entries: entries.size, uids: uidIndex.size, userCodes: userCodeIndex.size, grants: grantMembers.size }),
  };
}
