import { keysToShow, type KeyView } from '@/domain/key-list';
import { type ListApiKeys, listApiKeys, useApiKeyList } from './key-calls';

export interface ApiKeysState {
  /** The keys to show; undefined while the list loads. */
  keys: KeyView[] | undefined;
  /** The list failed (or timed out): `keys` is the stand-in from the user's apiKey (SPEC.md §7). */
  failed: boolean;
  /** A refetch is running (after a change, or a retry). */
  refreshing: boolean;
  retry: () => void;
}

/** The user's API keys from the server-data cache, with SPEC.md §7's fallback to their own key. */
export function useApiKeys(userApiKey: string | null | undefined, list: ListApiKeys = listApiKeys): ApiKeysState {
  const query = useApiKeyList(list);
  return {
    keys: keysToShow({ data: query.data, failed: query.isError }, userApiKey),
    failed: query.isError && query.data === undefined,
    refreshing: query.isFetching,
    retry: () => void query.refetch(),
  };
}
