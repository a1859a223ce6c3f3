import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { call, keyHolder, rpc, rpcError, storedCredits, type KeyHolder } from './gateway-harness';
import { bigAnswer, refusal, startFakeNode, type FakeNode } from './helpers/fake-node';
import { startTestApp, type TestApp } from './helpers/test-app';

/** A call the fake node misbehaves on: the word it reacts to, as the param of a method the gateway serves. */
const misbehaving = (word: string, id: number | string = 1) => call('eth_call', id, [word]);

let fakeNode: FakeNode;
let withFake: TestApp;
let withNodeDown: TestApp;
let fakeHolder: KeyHolder;
let downHolder: KeyHolder;

beforeAll(async () => {
  fakeNode = await startFakeNode();
  withFake = await startTestApp({ UPSTREAM_MAINNET_URL: fakeNode.url, UPSTREAM_TIMEOUT_MS: '300' });
  // Nothing listens on a port that was just probed free.
  withNodeDown = await startTestApp({ UPSTREAM_MAINNET_URL: `http://127.0.0.1:${await freePort()}` });
  fakeHolder = await keyHolder(withFake.app);
  downHolder = await keyHolder(withNodeDown.app);
});
afterAll(async () => {
  await withFake?.close();
  await withNodeDown?.close();
  await fakeNode?.close();
});
beforeEach(() => {
  withFake.clock.advance(1000);
  withNodeDown.clock.advance(1000);
});

describe('gateway: upstream failures', () => {
  it('answers 502 -32603 when the node refuses connections, and charges nothing', async () => {
    const response = await rpc(withNodeDown.app, downHolder.apiKey, call('eth_chainId', 4));
    expect(response.statusCode).toBe(502);
    expect(rpcError(response)).toEqual({
      id: 4,
      code: -32603,
      message: 'Upstream node unavailable: the mainnet node could not be reached. Please try again later.',
    });
    expect(response.headers['x-credits-used']).toBe('0');
    await withNodeDown.app.metering.flush();
    expect(await storedCredits(withNodeDown.app, downHolder.userId)).toEqual({ creditsUsed: 0, metered: 0, requests: 0 });
  });

  it('answers 502 when the node drops the connection', async () => {
    const response = await rpc(withFake.app, fakeHolder.apiKey, misbehaving('reset'));
    expect(response.statusCode).toBe(502);
    expect(rpcError(response).code).toBe(-32603);
  });

  it('answers 504 -32603 when the node does not answer within UPSTREAM_TIMEOUT_MS', async () => {
    const started = Date.now();
    const response = await rpc(withFake.app, fakeHolder.apiKey, misbehaving('hang', 'h'));
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(504);
    expect(rpcError(response)).toEqual({
      id: 'h',
      code: -32603,
      message: 'Upstream node timed out: the mainnet node did not answer within 300 ms.',
    });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    // The node never answers: what cut the call is a time-out, and no other limit on the way is under 10 s.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('answers 502 -32603 for a node HTTP error that is not JSON, uncharged', async () => {
    for (const method of ['busy', 'bigBusy']) {
      const response = await rpc(withFake.app, fakeHolder.apiKey, misbehaving(method, 'b'));
      expect(response.statusCode).toBe(502);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(rpcError(response)).toEqual({
        id: 'b',
        code: -32603,
        message: 'Upstream node unavailable: the mainnet node answered HTTP 503 without a JSON-RPC answer. Please try again later.',
      });
      expect(response.headers['x-credits-used']).toBe('0');
    }
  });

  it('passes a node HTTP error with a JSON body through as it is, uncharged', async () => {
    const response = await rpc(withFake.app, fakeHolder.apiKey, misbehaving('refusal'));
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(refusal);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['x-credits-used']).toBe('0');
  });

  it('passes a 200 answer that is not JSON through, uncharged', async () => {
    const holder = await keyHolder(withFake.app, 'page');
    const response = await rpc(withFake.app, holder.apiKey, misbehaving('page'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<html>maintenance</html>');
    expect(response.headers['x-credits-used']).toBe('0');
    await withFake.app.metering.flush();
    expect(await storedCredits(withFake.app, holder.userId)).toEqual({ creditsUsed: 0, metered: 0, requests: 0 });
  });

  it('streams a large answer through byte for byte', async () => {
    const response = await rpc(withFake.app, fakeHolder.apiKey, misbehaving('big'));
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bigAnswer)).toBe(true);
    expect(response.headers['x-credits-used']).toBe('20');
  });

  it('answers 502 for a network without a node', async () => {
    const response = await rpc(withFake.app, fakeHolder.apiKey, call('eth_chainId'), { network: 'devnet' });
    expect(response.statusCode).toBe(502);
    expect(rpcError(response).message).toBe('Upstream node unavailable: no devnet node is configured on this server.');
  });

  it('keeps working after all that', async () => {
    const response = await rpc(withFake.app, fakeHolder.apiKey, call('eth_chainId'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1"}');
  });
});
