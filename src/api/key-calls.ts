import { meQueryKey } from '@/api/account-calls';
import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { components, paths } from '@/api/schema';
import { api, bodyOf } from '@/api/client';
import { withTimeout } from '@/api/call-signals';
import { $api } from '@/api/query-hooks';
import { CallFailed } from '@/domain/call-failure';
import { KEY_LIST_TIMEOUT_MS, serverKeyId } from '@/domain/key-list';
import type { RollGrace } from '@/domain/key-lifecycle';
import type { ExpiryChange } from '@machines/key-lifecycle.types';

type ApiKey = components['schemas']['ApiKey'];

/** Keys are addressed by the contract's integer id; the stand-in key has none, so nothing is sent for it. */
export function storedId(id: string): number {
  const serverId = serverKeyId(id);
  if (serverId === null) throw new CallFailed({ kind: 'not-sent', reason: 'key-not-stored' });
  return serverId;
}

/**
 * The API key calls of SPEC.md §7. Each resolves with what its caller needs or rejects with a
 * CallFailed (a refused list keeps its status: a 401 ends the session as on every other screen).
 */
export function createKeyCalls(client: Client<paths>, listTimeoutMs = KEY_LIST_TIMEOUT_MS) {
  return {
    /** GET /apiKeys, oldest first, given up after 10 s (no answer). */
    async list(signal?: AbortSignal): Promise<ApiKey[]> {
      return bodyOf(await withTimeout(signal, listTimeoutMs, (timed) => client.GET('/apiKeys', { signal: timed })));
    },

    /** POST /apiKeys: the server names the new key. */
    async create(signal?: AbortSignal): Promise<void> {
      await client.POST('/apiKeys', { body: {}, signal });
    },

    /** PATCH /apiKeys/{id}: resolves with the name the server kept. */
    async rename({ id, name }: { id: string; name: string }, signal?: AbortSignal): Promise<{ name: string }> {
      const kept = bodyOf(await client.PATCH('/apiKeys/{id}', { params: { path: { id: storedId(id) } }, body: { name }, signal }));
      return { name: kept.name };
    },

    /** DELETE /apiKeys/{id}. */
    async remove({ id }: { id: string }, signal?: AbortSignal): Promise<void> {
      await client.DELETE('/apiKeys/{id}', { params: { path: { id: storedId(id) } }, signal });
    },

    /** POST /apiKeys/{id}/roll: a new secret, the old one working for the grace chosen. */
    async roll({ id, grace }: { id: string; grace: RollGrace }, signal?: AbortSignal): Promise<void> {
      bodyOf(await client.POST('/apiKeys/{id}/roll', { params: { path: { id: storedId(id) } }, body: { grace }, signal }));
    },

    /** PUT /apiKeys/{id}/expiry: when the key stops, or null for never. */
    async setExpiry({ id, expiresAt }: ExpiryChange, signal?: AbortSignal): Promise<void> {
      bodyOf(await client.PUT('/apiKeys/{id}/expiry', { params: { path: { id: storedId(id) } }, body: { expiresAt }, signal }));
    },
  };
}

export type KeyCalls = ReturnType<typeof createKeyCalls>;
export type ListApiKeys = KeyCalls['list'];

/** The calls as actors, in the shapes the machines declare, ready for `machine.provide({ actors })`. */
export function keyActorsOver(calls: KeyCalls) {
  return {
    /** For `keyGeneratorMachine.provide({ actors: ... })`. */
    generator: {
      createKey: fromPromise<void, void>(({ signal }) => calls.create(signal)),
    },
    /** For `keyRowMachine.provide({ actors: ... })`. */
    keyRow: {
      renameKey: fromPromise<{ name: string }, { id: string; name: string }>(({ input, signal }) => calls.rename(input, signal)),
      deleteKey: fromPromise<void, { id: string }>(({ input, signal }) => calls.remove(input, signal)),
    },
    /** For `keyLifecycleMachine.provide({ actors: ... })`. */
    keyLifecycle: {
      rollKey: fromPromise<void, { id: string; grace: RollGrace }>(({ input, signal }) => calls.roll(input, signal)),
      setKeyExpiry: fromPromise<void, ExpiryChange>(({ input, signal }) => calls.setExpiry(input, signal)),
    },
  };
}

const realCalls = createKeyCalls(api);
const realActors = keyActorsOver(realCalls);

export const listApiKeys: ListApiKeys = realCalls.list;
export const keyGeneratorCalls = realActors.generator;
export const keyRowCalls = realActors.keyRow;
export const keyLifecycleCalls = realActors.keyLifecycle;

/**
 * The key list in the server-data cache, fetched with the 10 s time-out and no retry: the only way
 * to read GET /apiKeys (the dashboard's count, /keys, /rpc-testing). Its cache entry is its own,
 * below `$api`'s key for the path: a screen joining a fetch already in flight waits for that fetch,
 * so a plain `$api.useQuery('get', '/apiKeys')` (no time-out, retries) must never be the one
 * /keys ends up waiting on. Invalidating `$api`'s key for the path still reaches it.
 */
export const apiKeyListQueryKey = [...$api.queryOptions('get', '/apiKeys').queryKey, 'with time-out'] as const;

export function apiKeysQuery(list: ListApiKeys = listApiKeys) {
  return {
    queryKey: apiKeyListQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => list(signal),
    // The 10 s time-out is the whole wait: a failure shows the fallback at once, no retry.
    retry: false,
  };
}

/** GET /apiKeys for a screen (see apiKeysQuery). */
export function useApiKeyList(list: ListApiKeys = listApiKeys) {
  return useQuery(apiKeysQuery(list));
}

/**
 * After a key is created, renamed or deleted: the list and the cached user (User.apiKey is the
 * oldest key). The session's user (the auth machine's, read by the navbar and the fallback key)
 * is refreshed by the screen, which holds the auth actor: `auth.send({ type: 'auth.refresh' })`.
 */
export function refreshKeyData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: $api.queryOptions('get', '/apiKeys').queryKey }),
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
  ]).then(() => undefined);
}
