import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRpcCalls } from '@/api/rpc-calls';
import { RPC_INTERNAL_ERROR, RpcFailed, exchangeOfFailure } from '@/domain/rpc-exchange';
import { EXAMPLE_RAW_TRANSACTION, EXAMPLE_TRANSACTION_HASH } from '@/domain/rpc-examples';
import { RPC_METHODS } from '@/domain/rpc-methods';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { keyHolder, type KeyHolder } from '../server/gateway-harness';
import { startTestApp, type TestApp } from '../server/helpers/test-app';

/**
 * The playground's call (src/api/rpc-calls.ts) through the real gateway, listening on a loopback
 * port, to a real anvil node: what /rpc-testing shows for an answer, a refusal and no answer.
 */
let node: AnvilNode;
let server: TestApp;
let holder: KeyHolder;
let apiBase: string;

beforeAll(async () => {
  node = await startTestAnvil();
  server = await startTestApp({ UPSTREAM_MAINNET_URL: node.url, UPSTREAM_DEVNET_URL: node.url });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  apiBase = `http://127.0.0.1:${port}/api`;
  holder = await keyHolder(server.app, 'playground');
});
afterAll(async () => {
  await server?.close();
  await node?.stop();
});

const failureOf = async (run: Promise<unknown>) => {
  const error: unknown = await run.then(
    () => null,
    (rejection: unknown) => rejection,
  );
  if (!(error instanceof RpcFailed)) throw new Error(`expected an RpcFailed, got ${String(error)}`);
  const exchange = exchangeOfFailure(error);
  return { ...exchange, shown: JSON.parse(exchange.json) as unknown };
};

describe('rpc calls through the gateway to anvil', () => {
  it('shows the answer pretty-printed, with its size in bytes and the time it took', async () => {
    server.clock.advance(1000);
    const calls = createRpcCalls(() => apiBase);
    const exchange = await calls.run({ network: 'mainnet', apiKey: holder.apiKey, method: 'eth_chainId', params: [] });
    expect(exchange.status).toBe(200);
    expect(JSON.parse(exchange.json)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
    expect(exchange.json).toContain('\n  "result": "0x138de"');
    expect(exchange.sizeBytes).toBe(Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x138de' })));
    expect(exchange.elapsedMs).toBeGreaterThan(0);
  });

  it('answers every listed method with its example params (errors only where the example needs a live id)', async () => {
    const calls = createRpcCalls(() => apiBase);
    const refused: string[] = [];
    for (const method of RPC_METHODS) {
      server.clock.advance(1000);
      const exchange = await calls.run({ network: 'mainnet', apiKey: holder.apiKey, method: method.name, params: [...method.params] });
      expect(exchange.status, method.name).toBe(200);
      const answer = JSON.parse(exchange.json) as { result?: unknown; error?: { message: string } };
      if (answer.error) refused.push(`${method.name}: ${answer.error.message}`);
    }
    // A filter id comes from eth_newFilter; the example's cannot exist on a fresh node.
    expect(refused).toEqual(['eth_getFilterChanges: filter not found', 'eth_getFilterLogs: filter not found']);
  });

  it('sends the pre-signed transaction once; the node refuses it again, in a JSON-RPC error the screen shows', async () => {
    const calls = createRpcCalls(() => apiBase);
    server.clock.advance(1000);
    const again = await calls.run({
      network: 'mainnet',
      apiKey: holder.apiKey,
      method: 'eth_sendRawTransaction',
      params: [EXAMPLE_RAW_TRANSACTION],
    });
    expect(JSON.parse(again.json)).toMatchObject({ error: { message: 'nonce too low' } });
    const found = await calls.run({
      network: 'mainnet',
      apiKey: holder.apiKey,
      method: 'eth_getTransactionByHash',
      params: [EXAMPLE_TRANSACTION_HASH],
    });
    expect(JSON.parse(found.json)).toMatchObject({ result: { hash: EXAMPLE_TRANSACTION_HASH, chainId: '0x138de' } });
  });

  it("shows a refusal as SPEC.md §8's error response: the HTTP status as code, the server's message", async () => {
    const calls = createRpcCalls(() => apiBase);
    const failure = await failureOf(calls.run({ network: 'mainnet', apiKey: 'rpk_unknown', method: 'eth_chainId', params: [] }));
    expect(failure.status).toBe(401);
    expect(failure.shown).toEqual({ jsonrpc: '2.0', id: 1, error: { code: 401, message: 'Invalid API key' } });
    expect(failure.sizeBytes).toBeGreaterThan(0);
  });

  it('shows -32603 with the error message when nothing answers', async () => {
    const calls = createRpcCalls(() => 'http://127.0.0.1:9/api');
    const failure = await failureOf(calls.run({ network: 'mainnet', apiKey: holder.apiKey, method: 'eth_chainId', params: [] }));
    expect(failure.status).toBeNull();
    expect(failure.shown).toEqual({ jsonrpc: '2.0', id: 1, error: { code: RPC_INTERNAL_ERROR, message: 'fetch failed' } });
  });
});
