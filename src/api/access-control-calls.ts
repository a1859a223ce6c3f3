import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { QueryClient } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { api, bodyOf } from '@/api/client';
import { $api } from '@/api/query-hooks';
import type { AccessSettings } from '@/domain/access-control';

/** GET /accessControl: the allow-lists the gateway enforces (cached like the rest of the server data). */
export function useAccessControlQuery() {
  return $api.useQuery('get', '/accessControl');
}

const accessControlQuery = $api.queryOptions('get', '/accessControl');

/** Where that query keeps its data, so a save can put the stored lists there. */
export const accessControlQueryKey = accessControlQuery.queryKey;

/** The lists through that query outside React (a key's rules dialog shows them): the cached answer while fresh, else a new read. */
export function fetchAccessControl(queryClient: QueryClient): Promise<AccessSettings> {
  return queryClient.fetchQuery(accessControlQuery);
}

/**
 * PUT /accessControl with all three lists and the choice for calls without an Origin. Resolves with the lists the server stored; rejects with
 * a CallFailed (a refused value carries the server's SPEC.md §5 text).
 */
export function createAccessControlCalls(client: Client<paths>) {
  return {
    async save(lists: AccessSettings, signal?: AbortSignal): Promise<AccessSettings> {
      const body = { domains: [...lists.domains], ips: [...lists.ips], cidrs: [...lists.cidrs], allowNoOrigin: lists.allowNoOrigin };
      return bodyOf(await client.PUT('/accessControl', { body, signal }));
    },
  };
}

const calls = createAccessControlCalls(api);

/** For `accessControlEditorMachine.provide({ actors })`. */
export const accessControlActors = {
  saveAccessControl: fromPromise<AccessSettings, AccessSettings>(({ input, signal }) => calls.save(input, signal)),
};
