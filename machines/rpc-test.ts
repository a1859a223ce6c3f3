import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { findRpcMethod } from '@/domain/rpc-methods';
import { exchangeOfFailure, type RpcExchange } from '@/domain/rpc-exchange';
import { accessRefusalOf } from '@/domain/rpc-refusal';
import { prefilledParamsText } from '@/domain/playground-link';
import { type PlaygroundKey, keyWithId, startingKeyId } from '@/domain/playground-key';
import { formatParams, parseParams } from '@/domain/rpc-params';
import { DEFAULT_NETWORK, type Network } from '@/domain/networks';

/** What one run sends: the network and key of the URL, and the JSON-RPC method with its params. */
export interface RpcRun {
  network: Network;
  apiKey: string;
  method: string;
  params: unknown[];
}

export interface RpcTestContext {
  /** The user's keys the calls may use. */
  keys: readonly PlaygroundKey[];
  /** The id of the key the URL uses (one of `keys`); null when the user has none: Run is refused. */
  keyId: string | null;
  network: Network;
  /** '' until a method is chosen. */
  method: string;
  /** The params editor's text, JSON. */
  paramsText: string;
  /** The last answer, shown in the response panel (a result or an error response). */
  exchange: RpcExchange | null;
}

export interface RpcTestInput {
  keys: readonly PlaygroundKey[];
  /** The key to start with (e.g. a link's); the first key when left out or not among `keys`. */
  keyId?: string | null;
  network?: Network;
  /** A call to fill in (e.g. from the request log's "Open in playground"): its method... */
  method?: string;
  /** ...and its params; the method's example params when left out. */
  params?: readonly unknown[];
}

export type RpcTestEvent =
  | { type: 'rpc.key'; keyId: string }
  | { type: 'rpc.network.select'; network: Network }
  | { type: 'rpc.method.select'; method: string }
  | { type: 'rpc.params.edit'; text: string }
  | { type: 'rpc.run' };

/** SPEC.md §3: the body's params are empty unless the method needs some. */
const EMPTY_PARAMS = '[]';

/**
 * The RPC playground (SPEC.md §4 "RPC test: idle, running, then result or error response").
 *
 * - It may start with a call filled in (input `method` and `params`, from the request log's
 *   "Open in playground" link): ready to run again as it was.
 * - `ready` holds the form: key, network, method and params may change in any of its states; the last
 *   answer stays in the panel meanwhile. Choosing a method fills the editor with its example params.
 * - `rpc.run` needs a method, a key (SPEC.md §5) and params that parse as a JSON array; it clears
 *   the panel, so what shows after `running` is always this run's answer.
 * - `running` accepts no edits: the answer must match the form it was asked with.
 * - `result` is any answer the gateway delivered (a node's JSON-RPC error included); `error` is a
 *   refused or failed call, shown as the JSON-RPC error response of SPEC.md §8. Both allow a re-run.
 */
export const rpcTestMachine = setup({
  types: {
    context: {} as RpcTestContext,
    events: {} as RpcTestEvent,
    input: {} as RpcTestInput,
  },
  actors: {
    runRpc: fromPromise<RpcExchange, RpcRun>(async () => {
      throw new Error('runRpc actor not provided');
    }),
  },
  guards: {
    canRun: ({ context }) => context.method !== '' && context.keyId !== null && parseParams(context.paramsText).ok,
    /** Only one of the user's keys can be chosen. */
    isUsersKey: ({ context, event }) => event.type === 'rpc.key' && keyWithId(context.keys, event.keyId) !== null,
  },
}).createMachine({
  id: 'rpcTest',
  context: ({ input }) => ({
    keys: input.keys,
    keyId: startingKeyId(input.keys, input.keyId),
    network: input.network ?? DEFAULT_NETWORK,
    method: input.method ?? '',
    paramsText: input.method === undefined ? EMPTY_PARAMS : prefilledParamsText(input.method, input.params ?? null),
    exchange: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'rpc.key': { guard: 'isUsersKey', actions: assign({ keyId: ({ event }) => event.keyId }) },
        'rpc.network.select': { actions: assign({ network: ({ event }) => event.network }) },
        'rpc.method.select': {
          actions: assign(({ event }) => ({
            method: event.method,
            paramsText: formatParams(findRpcMethod(event.method)?.params ?? []),
          })),
        },
        'rpc.params.edit': { actions: assign({ paramsText: ({ event }) => event.text }) },
        'rpc.run': { guard: 'canRun', target: 'running', actions: assign({ exchange: null }) },
      },
      states: {
        idle: {},
        result: {},
        error: {},
      },
    },
    running: {
      tags: ['busy'],
      invoke: {
        id: 'runRpc',
        src: 'runRpc',
        input: ({ context }) => ({
          network: context.network,
          apiKey: keyWithId(context.keys, context.keyId)?.key ?? '',
          method: context.method,
          params: runParams(context.paramsText),
        }),
        onDone: { target: 'ready.result', actions: assign({ exchange: ({ event }) => event.output }) },
        onError: { target: 'ready.error', actions: assign({ exchange: ({ event }) => exchangeOfFailure(event.error) }) },
      },
    },
  },
});

/** `canRun` let the run start only with params that parse. */
function runParams(text: string): unknown[] {
  const check = parseParams(text);
  return check.ok ? check.params : [];
}

export type RpcTestSnapshot = SnapshotFrom<typeof rpcTestMachine>;

export const selectKeys = (s: RpcTestSnapshot) => s.context.keys;
export const selectKeyId = (s: RpcTestSnapshot) => s.context.keyId;
/** The key the calls use, or null when the user has none. */
export const selectKey = (s: RpcTestSnapshot) => keyWithId(s.context.keys, s.context.keyId);
/** The secret value of the key the calls use (for the URL), or null. */
export const selectApiKey = (s: RpcTestSnapshot) => selectKey(s)?.key ?? null;
export const selectNetwork = (s: RpcTestSnapshot) => s.context.network;
export const selectMethod = (s: RpcTestSnapshot) => s.context.method;
export const selectParamsText = (s: RpcTestSnapshot) => s.context.paramsText;
/** Why the params cannot be sent, or null when they can. */
export const selectParamsProblem = (s: RpcTestSnapshot) => {
  const check = parseParams(s.context.paramsText);
  return check.ok ? null : check.message;
};
export const selectExchange = (s: RpcTestSnapshot) => s.context.exchange;
export const selectIsRunning = (s: RpcTestSnapshot) => s.hasTag('busy');
export const selectCanRun = (s: RpcTestSnapshot) => s.can({ type: 'rpc.run' });
export const selectIsError = (s: RpcTestSnapshot) => s.matches({ ready: 'error' });
/** The owner's access control refused the last run (which list), or null. */
export const selectAccessRefusal = (s: RpcTestSnapshot) => (s.matches({ ready: 'error' }) ? accessRefusalOf(s.context.exchange) : null);
