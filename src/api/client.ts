import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { CallFailed, envelopeMessage, parsedJson } from '@/domain/call-failure';
import { sendsBearer } from './bearer-operations';
import { isAbort } from './call-signals';
import type { paths } from './schema';
import { readProject } from './project-store';
import { readToken } from './token-store';

/** The API base: same origin under /api unless VITE_API_URL points at another host. */
export const apiBaseUrl = `${import.meta.env.VITE_API_URL ?? ''}/api`;

/**
 * Adds the stored session token to the operations whose contract asks for it, and to no other; with
 * it the project the user picked (X-Project), which the server reads on the project's operations
 * (none picked: the server acts on the user's own project).
 */
function bearer(token: () => string | null, project: () => string | null): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      if (!sendsBearer(request.method, schemaPath)) return request;
      const stored = token();
      if (stored && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${stored}`);
      const picked = project();
      if (picked && !request.headers.has('X-Project')) request.headers.set('X-Project', picked);
      return request;
    },
  };
}

/** The body's text; a connection lost while it streams is no answer (the caller's abort stays one). */
async function bodyText(response: Response): Promise<string> {
  try {
    return await response.clone().text();
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new CallFailed({ kind: 'no-answer' });
  }
}

/**
 * The one place a call's outcome becomes a failure: every call made with this client (the call
 * modules, and the `$api` queries) either resolves with a body the contract describes or rejects
 * with a CallFailed. The caller's own abort is rethrown as it is.
 */
const outcome: Middleware = {
  onError({ error }) {
    // A TimeoutError (withTimeout) is no answer; only the caller's abort passes through.
    if (isAbort(error)) return undefined;
    return new CallFailed({ kind: 'no-answer' });
  },
  async onResponse({ response, options }) {
    if (!response.ok) {
      throw new CallFailed({ kind: 'refused', status: response.status, message: envelopeMessage(parsedJson(await bodyText(response))) });
    }
    if (options.parseAs !== 'json' || response.status === 204) return undefined;
    const text = await bodyText(response);
    if (text !== '' && parsedJson(text) === undefined) throw new CallFailed({ kind: 'bad-answer', status: response.status });
    return undefined;
  },
};

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where the session token comes from (the SPA's: localStorage). */
  token?: () => string | null;
  /** The project the user picked (sent as X-Project on bearer operations; the SPA's: project-store.ts). */
  project?: () => string | null;
}

/** The typed API client: bearer token where the contract asks for it, every failure a CallFailed. */
export function createApiClient({
  baseUrl = apiBaseUrl,
  fetch,
  token = readToken,
  project = readProject,
}: ApiClientOptions = {}): Client<paths> {
  const client = createFetchClient<paths>({ baseUrl, credentials: 'include', ...(fetch ? { fetch } : {}) });
  client.use(bearer(token, project), outcome);
  return client;
}

export const api = createApiClient();

export type Schemas = import('./schema').components['schemas'];

/**
 * The body of a success. A success without the body the contract promises is a bad answer, on
 * every call alike (refusals never get here: the middleware above turns them into CallFailed).
 */
export function bodyOf<T>({ data, response }: { readonly data?: T; readonly response: Response }): T {
  if (data === undefined || data === null) throw new CallFailed({ kind: 'bad-answer', status: response.status });
  return data;
}
