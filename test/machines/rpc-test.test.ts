import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type RpcRun,
  type RpcTestInput,
  rpcTestMachine,
  selectAccessRefusal,
  selectCanRun,
  selectExchange,
  selectKey,
  selectParamsProblem,
} from '@machines/rpc-test';
import { RPC_FALLBACK, RPC_INTERNAL_ERROR, RpcFailed, type RpcExchange } from '@/domain/rpc-exchange';
import { findRpcMethod } from '@/domain/rpc-methods';
import { formatParams, parseParams } from '@/domain/rpc-params';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { RPC_TEST_KEY, TWO_KEYS, type RpcTestModelEvent, balanceAnswer, rpcTestFlows } from './models/rpc-test.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

function startRpcTest(keys: RpcTestInput['keys'] = TWO_KEYS) {
  const runRpc = pendingCall<RpcExchange, RpcRun>('runRpc');
  const actor = createActor(rpcTestMachine.provide({ actors: { runRpc: runRpc.logic } }), { input: { keys } }).start();
  return { actor, runRpc };
}

describeModel('rpc test machine', rpcTestMachine, rpcTestFlows, async (path, { keys, flow }) => {
  const { actor, runRpc } = startRpcTest(keys);

  await flow.run(
    path,
    {
      'rpc.key': (event) => actor.send(event),
      'rpc.network.select': (event) => actor.send(event),
      'rpc.method.select': (event) => actor.send(event),
      'rpc.params.edit': (event) => actor.send(event),
      'rpc.run': (event) => actor.send(event),
      'xstate.done.actor.runRpc': async ({ output }) => {
        const moved = nextSnapshot(actor);
        runRpc.resolve(output);
        await moved;
      },
      'xstate.error.actor.runRpc': async ({ error }) => {
        const moved = nextSnapshot(actor);
        runRpc.reject(error);
        await moved;
      },
    } satisfies Executors<RpcTestModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { method, paramsText, network, keyId } = snapshot.context;
      const chosen = keys.find((key) => key.id === keyId) ?? null;
      expect(selectKey(snapshot)).toEqual(chosen);
      const params = parseParams(paramsText);
      // SPEC.md §5: Run needs a method and a key; the editor must hold a JSON array.
      expect(selectCanRun(snapshot)).toBe(!snapshot.matches('running') && method !== '' && chosen !== null && params.ok);
      expect(selectParamsProblem(snapshot)).toBe(params.ok ? null : params.message);
      // Only the gateway's 403 'Not allowed' (the owner's Allowed Domains) is explained; a 429 is not.
      const refusedByDomains = snapshot.matches({ ready: 'error' }) && snapshot.context.exchange?.status === 403;
      expect(selectAccessRefusal(snapshot)).toBe(refusedByDomains ? 'domains' : null);
      if (snapshot.matches('running')) {
        expect(selectExchange(snapshot)).toBeNull();
        expect(runRpc.inputs.at(-1)).toEqual({ network, apiKey: chosen?.key, method, params: params.ok ? params.params : null });
      }
    },
  );
});

describe('rpc test machine', () => {
  it("prefills the chosen method's example params, and [] for a method without any", () => {
    const { actor } = startRpcTest();
    actor.send({ type: 'rpc.method.select', method: 'eth_getBlockByNumber' });
    expect(actor.getSnapshot().context.paramsText).toBe('["latest",false]');
    actor.send({ type: 'rpc.method.select', method: 'eth_blockNumber' });
    expect(actor.getSnapshot().context.paramsText).toBe('[]');
    const balance = findRpcMethod('eth_getBalance');
    actor.send({ type: 'rpc.method.select', method: 'eth_getBalance' });
    expect(actor.getSnapshot().context.paramsText).toBe(formatParams(balance?.params ?? ['missing']));
  });

  it('allows a re-run, clearing the previous answer meanwhile', async () => {
    const { actor, runRpc } = startRpcTest();
    actor.send({ type: 'rpc.method.select', method: 'eth_chainId' });
    actor.send({ type: 'rpc.run' });
    let moved = nextSnapshot(actor);
    runRpc.resolve(balanceAnswer);
    await moved;
    expect(actor.getSnapshot().matches({ ready: 'result' })).toBe(true);
    actor.send({ type: 'rpc.method.select', method: 'eth_blockNumber' });
    expect(selectExchange(actor.getSnapshot())).toEqual(balanceAnswer);
    actor.send({ type: 'rpc.run' });
    expect(actor.getSnapshot().matches('running')).toBe(true);
    expect(selectExchange(actor.getSnapshot())).toBeNull();
    expect(runRpc.inputs.map((run) => run.method)).toEqual(['eth_chainId', 'eth_blockNumber']);
    moved = nextSnapshot(actor);
    runRpc.resolve(balanceAnswer);
    await moved;
    expect(actor.getSnapshot().matches({ ready: 'result' })).toBe(true);
  });

  it("runs with the chosen key, and refuses a key that is not one of the user's", () => {
    const { actor, runRpc } = startRpcTest();
    actor.send({ type: 'rpc.key', keyId: '9' });
    expect(actor.getSnapshot().context.keyId).toBe('1');
    actor.send({ type: 'rpc.key', keyId: '2' });
    actor.send({ type: 'rpc.method.select', method: 'eth_chainId' });
    actor.send({ type: 'rpc.run' });
    expect(runRpc.inputs.map((run) => run.apiKey)).toEqual([TWO_KEYS[1]?.key]);
  });

  it('ignores edits while running: the answer matches the form it was asked with', () => {
    const { actor } = startRpcTest();
    actor.send({ type: 'rpc.method.select', method: 'eth_chainId' });
    actor.send({ type: 'rpc.run' });
    actor.send({ type: 'rpc.method.select', method: 'eth_blockNumber' });
    actor.send({ type: 'rpc.network.select', network: 'devnet' });
    actor.send({ type: 'rpc.key', keyId: '2' });
    expect(actor.getSnapshot().context).toMatchObject({ method: 'eth_chainId', network: 'mainnet', keyId: '1' });
  });

  it("shows a -32603 error with the error's message, or the French fallback, when the run breaks unexpectedly", async () => {
    for (const [error, message] of [
      [new RpcFailed({ kind: 'no-answer' }, 5, 0, 'Failed to fetch'), 'Failed to fetch'],
      [new TypeError('Failed to fetch'), RPC_FALLBACK],
      [undefined, RPC_FALLBACK],
    ] as const) {
      const { actor, runRpc } = startRpcTest();
      actor.send({ type: 'rpc.method.select', method: 'eth_chainId' });
      actor.send({ type: 'rpc.run' });
      const moved = nextSnapshot(actor);
      runRpc.reject(error);
      await moved;
      expect(actor.getSnapshot().matches({ ready: 'error' })).toBe(true);
      const shown: unknown = JSON.parse(selectExchange(actor.getSnapshot())?.json ?? 'null');
      expect(shown).toEqual({ jsonrpc: '2.0', id: 1, error: { code: RPC_INTERNAL_ERROR, message } });
    }
  });
});

describe('rpc test machine, started with a call filled in', () => {
  const start = (input: RpcTestInput) => {
    const runRpc = pendingCall<RpcExchange, RpcRun>('runRpc');
    const actor = createActor(rpcTestMachine.provide({ actors: { runRpc: runRpc.logic } }), { input }).start();
    return { actor, runRpc };
  };

  it.each([
    [{ network: 'devnet', method: 'eth_getBalance', params: ['0x1', 'latest'] }, 'devnet', 'eth_getBalance', '["0x1","latest"]'],
    [{ method: 'eth_blockNumber', params: [] }, 'mainnet', 'eth_blockNumber', '[]'],
    [{ method: 'eth_getBlockByNumber' }, 'mainnet', 'eth_getBlockByNumber', '["latest",false]'],
    [{ network: 'devnet' }, 'devnet', '', '[]'],
    [{}, 'mainnet', '', '[]'],
  ] as const)('%j opens on %s, %j, %s', (prefill, network, method, paramsText) => {
    const { actor } = start({ keys: TWO_KEYS, ...prefill });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ network, method, paramsText, exchange: null });
  });

  it('runs the call again as it was, and the form stays editable', async () => {
    const params = [{ to: '0x2', data: '0x' }, 'latest'];
    const { actor, runRpc } = start({ keys: TWO_KEYS, network: 'devnet', method: 'eth_call', params });
    expect(selectCanRun(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'rpc.run' });
    expect(runRpc.inputs).toEqual([{ network: 'devnet', apiKey: RPC_TEST_KEY, method: 'eth_call', params }]);
    const moved = nextSnapshot(actor);
    runRpc.resolve(balanceAnswer);
    await moved;
    expect(actor.getSnapshot().matches({ ready: 'result' })).toBe(true);
    actor.send({ type: 'rpc.method.select', method: 'eth_chainId' });
    expect(actor.getSnapshot().context).toMatchObject({ method: 'eth_chainId', paramsText: '[]' });
  });

  it.each([
    ['the key a link names', '2', '2'],
    ['the first key for a key the user does not have', '7', '1'],
    ['the first key without one', null, '1'],
  ] as const)('starts on %s', (_case, keyId, expected) => {
    const { actor } = start({ keys: TWO_KEYS, keyId, method: 'eth_chainId' });
    expect(actor.getSnapshot().context.keyId).toBe(expected);
  });

  it('cannot run a filled-in call without a key', () => {
    const { actor } = start({ keys: [], method: 'eth_chainId', params: [] });
    expect(selectCanRun(actor.getSnapshot())).toBe(false);
  });
});
