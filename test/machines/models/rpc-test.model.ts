import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { rpcTestMachine } from '@machines/rpc-test';
import type { PlaygroundKey } from '@/domain/playground-key';
import { RpcFailed, type RpcExchange } from '@/domain/rpc-exchange';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type RpcTestModelEvent = EventFromLogic<typeof rpcTestMachine> | DoneEvent<'runRpc', RpcExchange> | ErrorEvent<'runRpc'>;

export const RPC_TEST_KEY = 'rpc_test_0123456789abcdef';
/** A user's two keys: the playground starts on the first, and the second can be chosen. */
export const TWO_KEYS: readonly PlaygroundKey[] = [
  { id: '1', name: 'Key 1', key: RPC_TEST_KEY },
  { id: '2', name: 'Key 2', key: 'rpc_test_second_fedcba9876' },
];
export const INVALID_PARAMS = '["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "latest"';

export const balanceAnswer: RpcExchange = {
  json: JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x21e19e0c9bab2400000' }, null, 2),
  status: 200,
  elapsedMs: 12.4,
  sizeBytes: 52,
};
/** The gateway refused the call (the panel shows SPEC.md §8's JSON-RPC error response with the HTTP status as code). */
export const refusedRun = new RpcFailed({ kind: 'refused', status: 429, message: 'Rate limit exceeded' }, 3, 80);
/** The owner's Allowed Domains refused the call: the gateway's 403 (server/gateway/rpc-errors.ts). */
export const NOT_ALLOWED_MESSAGE =
  'Not allowed: the Origin of this request is not one of your allowed domains (see Access Control on the Endpoints page).';
export const notAllowedRun = new RpcFailed({ kind: 'refused', status: 403, message: NOT_ALLOWED_MESSAGE }, 2, 190);

export const rpcTestFixtures: RpcTestModelEvent[] = [
  { type: 'rpc.key', keyId: '2' },
  { type: 'rpc.key', keyId: '1' },
  { type: 'rpc.network.select', network: 'devnet' },
  { type: 'rpc.method.select', method: 'eth_getBalance' },
  { type: 'rpc.params.edit', text: INVALID_PARAMS },
  { type: 'xstate.done.actor.runRpc', output: balanceAnswer },
  { type: 'xstate.error.actor.runRpc', error: refusedRun },
  { type: 'xstate.error.actor.runRpc', error: notAllowedRun },
];

/**
 * The form's fields are independent, so their product is not walked: the network is switched
 * before a method is chosen, and the params are edited before the first run. Every transition
 * is still taken.
 */
function exploredTogether(state: AnyMachineSnapshot, event: EventObject): boolean {
  // A key is chosen before the method, and only another of the user's keys (a select offers no more).
  if (event.type === 'rpc.key') {
    const { keys, keyId, method } = state.context;
    return method === '' && 'keyId' in event && event.keyId !== keyId && keys.some((key: PlaygroundKey) => key.id === event.keyId);
  }
  if (event.type === 'rpc.network.select') return state.context.method === '';
  if (event.type === 'rpc.params.edit') return state.matches({ ready: 'idle' });
  return true;
}

/** A user with two keys, and one without any (Run is never allowed: SPEC.md §5). */
export const rpcTestFlows = [TWO_KEYS, []].map((keys) => {
  const flow = createFlowModel(rpcTestMachine, { fixtures: rpcTestFixtures, input: { keys }, filterEvents: exploredTogether });
  return { keys, name: keys.length === 0 ? 'no key' : `${keys.length} keys`, flow, paths: flow.paths() };
});
