import { fromPromise } from 'xstate';
import type { Client } from 'openapi-fetch';
import type { PageQuery, RequestLogPage, SwitchRequest } from '@machines/request-log.types';
import { REQUEST_LOG_PAGE_SIZE } from '@/domain/request-log';
import { api, bodyOf } from './client';
import type { paths } from './schema';

/**
 * The request log's calls (paid plans): GET /apiKeys/{id}/requests a page at a time, and PUT
 * /apiKeys/{id}/requestLog. Each resolves with the body or rejects with a CallFailed (client.ts),
 * which failureMessage turns into the screen's text. A filter left at "all" is not sent.
 */
export function createRequestLogCalls(client: Client<paths>, limit = REQUEST_LOG_PAGE_SIZE) {
  return {
    async page({ keyId, method, outcome, cursor }: PageQuery, signal?: AbortSignal): Promise<RequestLogPage> {
      const query = {
        limit,
        ...(cursor === null ? {} : { cursor }),
        ...(method === null ? {} : { method }),
        ...(outcome === null ? {} : { outcome }),
      };
      return bodyOf(await client.GET('/apiKeys/{id}/requests', { params: { path: { id: keyId }, query }, signal }));
    },

    async setSwitch({ keyId, enabled }: SwitchRequest, signal?: AbortSignal): Promise<{ enabled: boolean }> {
      const stored = bodyOf(await client.PUT('/apiKeys/{id}/requestLog', { params: { path: { id: keyId } }, body: { enabled }, signal }));
      return { enabled: stored.enabled };
    },
  };
}

export type RequestLogCalls = ReturnType<typeof createRequestLogCalls>;

/** For `requestLogMachine.provide({ actors: ... })`, over these calls. */
export function requestLogActorsOver(calls: RequestLogCalls) {
  return {
    fetchPage: fromPromise<RequestLogPage, PageQuery>(({ input, signal }) => calls.page(input, signal)),
    saveSwitch: fromPromise<{ enabled: boolean }, SwitchRequest>(({ input, signal }) => calls.setSwitch(input, signal)),
  };
}

export type RequestLogActors = ReturnType<typeof requestLogActorsOver>;

/** The machine's effects through the app's API client. */
export const requestLogActors: RequestLogActors = requestLogActorsOver(createRequestLogCalls(api));
