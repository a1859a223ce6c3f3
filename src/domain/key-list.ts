/**
 * The client view of an API key (SPEC.md §3: "Client view: id as string, name, key, createdAt,
 * environment") and the fallback of SPEC.md §7: when GET /apiKeys fails or times out, the user's
 * own apiKey stands in as the one key.
 */

/** What the server sends for a key (the contract's ApiKey; src/domain imports nothing of ours). */
export interface ServerApiKey {
  id: number;
  name: string;
  apiKey: string;
  createdAt: string;
  environment?: string | null;
  expiresAt?: string | null;
  previousKey?: string | null;
  previousKeyUntil?: string | null;
}

export interface KeyView {
  id: string;
  name: string;
  key: string;
  /** Null for the stand-in key, whose creation date is unknown. */
  createdAt: string | null;
  /** A tag such as MAINNET when the key is meant for one network. */
  environment: string | null;
  /** False for the stand-in key: it cannot be renamed or deleted, the server's id being unknown. */
  stored: boolean;
  /** When the key stops working; null: never (or not known, for the stand-in key). */
  expiresAt: string | null;
  /** The secret before the last roll and when it stops, while it still works; null otherwise. */
  previous: { readonly key: string; readonly until: string } | null;
}

/** SPEC.md §9: "Key request time-out 10 s". */
export const KEY_LIST_TIMEOUT_MS = 10_000;

/** SPEC.md "/keys" and "/rpc-testing", word for word: both screens wait on the key list. */
export const KEYS_LOADING = 'Loading API keys and endpoints...';

export const FALLBACK_KEY_ID = 'default';
export const FALLBACK_KEY_NAME = 'Default Key';

export function toKeyView(key: ServerApiKey): KeyView {
  return {
    id: String(key.id),
    name: key.name,
    key: key.apiKey,
    createdAt: key.createdAt,
    environment: key.environment?.trim() ? key.environment : null,
    stored: true,
    expiresAt: key.expiresAt ?? null,
    previous: key.previousKey && key.previousKeyUntil ? { key: key.previousKey, until: key.previousKeyUntil } : null,
  };
}

/** One default key from the user's apiKey, or none when the user has no key either. */
export function fallbackKeyViews(userApiKey: string | null | undefined): KeyView[] {
  if (!userApiKey) return [];
  return [
    {
      id: FALLBACK_KEY_ID,
      name: FALLBACK_KEY_NAME,
      key: userApiKey,
      createdAt: null,
      environment: null,
      stored: false,
      expiresAt: null,
      previous: null,
    },
  ];
}

/**
 * The keys to show: the server's list when it came, the fallback when the list failed, nothing
 * (undefined) while it is still loading.
 */
export function keysToShow(
  list: { data: readonly ServerApiKey[] | undefined; failed: boolean },
  userApiKey: string | null | undefined,
): KeyView[] | undefined {
  if (list.data) return list.data.map(toKeyView);
  return list.failed ? fallbackKeyViews(userApiKey) : undefined;
}

/** The server id of a stored key (the contract's integer), or null for the stand-in key. */
export function serverKeyId(id: string): number | null {
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/**
 * How many keys count against the plan's limit: the server's list's length, or null (not known)
 * when the list failed and the stand-in key is shown: the user may have more keys than that.
 */
export function countedKeys(state: { keys: readonly KeyView[]; failed: boolean }): number | null {
  return state.failed ? null : state.keys.length;
}
