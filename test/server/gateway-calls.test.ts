import { describe, expect, it } from 'vitest';
import { callNode } from '../support/anvil';
import { call, rpc, rpcError, setUpGatewayApp } from './gateway-harness';
import { bearer } from './helpers/accounts';

// The Free plan's bucket (10 a second) is full again for each test: the test clock only moves when told.
const server = setUpGatewayApp({ devnet: true, env: { GATEWAY_BODY_LIMIT: '4096' }, holder: true, fullBucketEachTest: true });

describe('gateway: key and payload', () => {
  it('refuses an unknown key with 401 and JSON-RPC error -32001', async () => {
    for (const key of ['rpk_00000000000000000000000000000000', 'not a key', 'x'.repeat(100)]) {
      const response = await rpc(server.app, encodeURIComponent(key), call('eth_chainId', 7));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32001, message: 'Invalid API key' } });
    }
  });

  it('refuses a deleted key at once (the cache is invalidated), and keeps serving a renamed one', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/apiKeys',
      headers: bearer(server.holder.token),
      payload: { name: 'second' },
    });
    expect(created.statusCode).toBe(201);
    const key: unknown = created.json();
    const id = typeof key === 'object' && key !== null && 'id' in key ? key.id : undefined;
    const apiKey = typeof key === 'object' && key !== null && 'apiKey' in key ? key.apiKey : undefined;
    if (typeof apiKey !== 'string' || typeof id !== 'number') throw new Error(`unexpected key: ${created.body}`);
    expect((await rpc(server.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/apiKeys/${id}`,
      headers: bearer(server.holder.token),
      payload: { name: 'renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await rpc(server.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    const deleted = await server.app.inject({ method: 'DELETE', url: `/api/apiKeys/${id}`, headers: bearer(server.holder.token) });
    expect(deleted.statusCode).toBe(204);
    expect((await rpc(server.app, apiKey, call('eth_chainId'))).statusCode).toBe(401);
  });

  it('refuses an unknown network with 400', async () => {
    const response = await rpc(server.app, server.holder.apiKey, call('eth_chainId'), { network: 'testnet' });
    expect(response.statusCode).toBe(400);
    expect(rpcError(response)).toMatchObject({ code: -32600, message: expect.stringContaining('unknown network "testnet"') });
  });

  // Past the router's default of 100 characters a path parameter used to find no route (404, the API's envelope).
  it('answers long keys and network names as JSON-RPC errors, as the workers do', async () => {
    for (const key of ['k'.repeat(101), 'k'.repeat(128), 'k'.repeat(129), 'k'.repeat(4000)]) {
      const response = await rpc(server.app, key, call('eth_chainId', 8));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ jsonrpc: '2.0', id: 8, error: { code: -32001, message: 'Invalid API key' } });
    }
    const network = 'n'.repeat(150);
    const response = await rpc(server.app, server.holder.apiKey, call('eth_chainId'), { network });
    expect(response.statusCode).toBe(400);
    expect(rpcError(response)).toMatchObject({
      code: -32600,
      message: `Invalid request: unknown network "${'n'.repeat(40)}" (use mainnet or devnet).`,
    });
  });

  it('answers malformed JSON with 400 -32700', async () => {
    for (const body of ['{"jsonrpc":"2.0","method":"eth_chainId"', '', 'null,']) {
      const response = await rpc(server.app, server.holder.apiKey, body);
      expect(response.statusCode).toBe(400);
      expect(rpcError(response)).toEqual({ id: null, code: -32700, message: 'Parse error: the request body is not valid JSON.' });
    }
  });

  it.each([
    ['a number', 42, 'a request must be a JSON object'],
    ['no jsonrpc', { id: 1, method: 'eth_chainId' }, 'jsonrpc must be "2.0"'],
    ['no method', { jsonrpc: '2.0', id: 1 }, 'method must be a non-empty string'],
    ['a bad id', { jsonrpc: '2.0', id: { a: 1 }, method: 'eth_chainId' }, 'id must be a string, a number or null'],
    ['bad params', { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'x' }, 'params must be an array or an object'],
    ['an empty batch', [], 'a batch must hold at least one request'],
    ['a bad batch entry', [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 3], 'batch entry 1: a request must be a JSON object'],
  ])('answers %s with 400 -32600', async (_name, body, detail) => {
    const response = await rpc(server.app, server.holder.apiKey, body);
    expect(response.statusCode).toBe(400);
    expect(rpcError(response)).toEqual({ id: null, code: -32600, message: `Invalid request: ${detail}.` });
  });

  it('answers a body above GATEWAY_BODY_LIMIT with 413, without a stack', async () => {
    const big = JSON.stringify({ ...call('eth_call'), params: ['x'.repeat(5000)] });
    const response = await rpc(server.app, server.holder.apiKey, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Request too large: the gateway accepts JSON-RPC bodies of up to 4096 bytes.' },
    });
  });

  it('reads the body whatever the content type says', async () => {
    const response = await rpc(server.app, server.holder.apiKey, call('eth_chainId'), { headers: { 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
  });
});

describe('gateway: transparency', () => {
  it.each([
    ['a result', JSON.stringify(call('eth_chainId', 'abc'))],
    ['a served method this node lacks (the node’s own error)', JSON.stringify(call('net_peerCount', 9))],
    ['a node-side invalid request', '{"jsonrpc":"2.0","id":3,"method":"eth_getBalance","params":["0xnope"]}'],
    ['odd but valid spacing', ' { "method" : "eth_chainId" , "id" : 5 , "jsonrpc" : "2.0" } '],
  ])('passes %s on byte for byte', async (_name, body) => {
    const direct = await callNode(server.node, body);
    const response = await rpc(server.app, server.holder.apiKey, body);
    expect(response.statusCode).toBe(direct.status);
    expect(response.rawPayload.equals(direct.bytes)).toBe(true);
    expect(response.headers['content-type']).toBe(direct.contentType);
    // Sized like nginx's answers, not chunked.
    expect(response.headers['content-length']).toBe(String(direct.bytes.length));
    expect(response.headers['transfer-encoding']).toBeUndefined();
  });

  it('charges a notification, which the node answers without a body', async () => {
    const body = '{"jsonrpc":"2.0","method":"eth_sendRawTransaction","params":["0x00"]}';
    const response = await rpc(server.app, server.holder.apiKey, body);
    expect(response.statusCode).toBe((await callNode(server.node, body)).status);
    expect(response.body).toBe('');
    expect(response.headers['x-credits-used']).toBe('40');
  });

  it('forwards devnet to its own node', async () => {
    const response = await rpc(server.app, server.holder.apiKey, call('eth_chainId'), { network: 'devnet' });
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
  });

  it('sets X-Credits-Used and the X-RateLimit headers', async () => {
    const response = await rpc(server.app, server.holder.apiKey, call('eth_getLogs', 1, [{ fromBlock: '0x0', toBlock: 'latest' }]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: [] });
    expect(response.headers['x-credits-used']).toBe('60');
    expect(response.headers['x-ratelimit-limit']).toBe('10');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBeLessThan(10);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers the CORS preflight of a browser dapp', async () => {
    const response = await server.app.inject({
      method: 'OPTIONS',
      url: `/api/v1/mainnet/${server.holder.apiKey}`,
      headers: { origin: 'https://dapp.example' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
  });
});

describe('gateway: batches', () => {
  it('answers a batch in order, as the node does, charging each entry its method', async () => {
    const batch = [
      call('eth_chainId', 1),
      call('eth_getLogs', 2, [{ fromBlock: '0x0', toBlock: 'latest' }]),
      call('eth_blockNumber', 3),
      call('eth_sendRawTransaction', 4, ['0x00']),
      call('eth_mining', 5),
    ];
    const body = JSON.stringify(batch);
    const direct = await callNode(server.node, body);
    const response = await rpc(server.app, server.holder.apiKey, body);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(direct.bytes)).toBe(true);
    expect(response.json()).toMatchObject([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5 }]);
    expect(response.headers['x-credits-used']).toBe(String(20 + 60 + 20 + 40 + 20));
  });
});
