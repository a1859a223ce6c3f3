import { fromPromise } from 'xstate';
import type { components } from '@/api/schema';
import { apiBaseUrl } from '@/api/client';
import { isAbort } from '@/api/call-signals';
import { RpcFailed, type RpcExchange, prettyJson, rpcRequestBody, rpcServerMessage } from '@/domain/rpc-exchange';
import { absoluteApiBase, rpcUrl } from '@/domain/rpc-urls';
import type { Network } from '@/domain/networks';

type JsonRpcRequest = components['schemas']['JsonRpcRequest'];

export interface RpcRunInput {
  network: Network;
  apiKey: string;
  method: string;
  params: unknown[];
}

/** The absolute API base the RPC URLs are made of (same origin unless VITE_API_URL says otherwise). */
export function currentApiBase(): string {
  return absoluteApiBase(apiBaseUrl, globalThis.location?.origin ?? 'http://localhost');
}

/**
 * POST /v1/{network}/{apiKey} for the RPC playground. It calls the very URL the screen shows, with
 * plain fetch, as curl would: the key in the path is the only credential (no session token goes
 * to the gateway). Measures the time until the whole body is in and the body's size in bytes.
 * An answer the gateway delivered resolves, whatever JSON-RPC says inside; a refusal (HTTP error)
 * or no answer at all rejects with an RpcFailed (the panel shows it as SPEC.md §8's error response).
 */
export function createRpcCalls(apiBase: () => string = currentApiBase, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  return {
    async run({ network, apiKey, method, params }: RpcRunInput, signal?: AbortSignal): Promise<RpcExchange> {
      const body: JsonRpcRequest = rpcRequestBody(method, params);
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      let response: Response;
      let bytes: Uint8Array;
      try {
        response = await fetchImpl(rpcUrl(apiBase(), network, apiKey), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal,
        });
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        if (isAbort(error)) throw error;
        throw new RpcFailed({ kind: 'no-answer' }, elapsed(), 0, error instanceof Error ? error.message : null);
      }
      const elapsedMs = elapsed();
      const text = new TextDecoder().decode(bytes);
      if (!response.ok) {
        throw new RpcFailed({ kind: 'refused', status: response.status, message: rpcServerMessage(text) }, elapsedMs, bytes.byteLength);
      }
      return { json: prettyJson(text), status: response.status, elapsedMs, sizeBytes: bytes.byteLength };
    },
  };
}

export type RpcCalls = ReturnType<typeof createRpcCalls>;

/** For `rpcTestMachine.provide({ actors: ... })`. */
export function rpcActorsOver(calls: RpcCalls) {
  return {
    runRpc: fromPromise<RpcExchange, RpcRunInput>(({ input, signal }) => calls.run(input, signal)),
  };
}

export const rpcTestCalls = rpcActorsOver(createRpcCalls());
