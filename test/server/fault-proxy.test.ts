import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { callNode, startTestAnvil, type AnvilNode } from '../support/anvil';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';

/** The fault-injecting proxy (test/support/fault-proxy.ts) in front of a real anvil: each fault does what it says. */

let anvil: AnvilNode | undefined;
let started: FaultProxy | undefined;

beforeAll(async () => {
  anvil = await startTestAnvil();
  started = await startFaultProxy(anvil.url);
});

afterAll(async () => {
  await started?.close();
  await anvil?.stop();
});

afterEach(() => {
  proxy().set({ kind: 'none' });
  proxy().clearMethods();
});

function node(): AnvilNode {
  if (anvil === undefined) throw new Error('anvil did not start');
  return anvil;
}

function proxy(): FaultProxy {
  if (started === undefined) throw new Error('the proxy did not start');
  return started;
}

const call = (method: string, params: readonly unknown[] = [], id = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });

function post(url: string, body: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal });
}

function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? new Map<string, unknown>(Object.entries(value)).get(key) : undefined;
}

/** A call's JSON-RPC result. */
async function resultOf(url: string, method: string, params: readonly unknown[] = []): Promise<unknown> {
  const answer: unknown = await (await post(url, call(method, params))).json();
  return fieldOf(answer, 'result');
}

async function headOf(url: string): Promise<number> {
  return Number(await resultOf(url, 'eth_blockNumber'));
}

/** Milliseconds elapsed since `start` (a performance.now() reading). */
const since = (start: number) => performance.now() - start;

interface Client {
  readonly socket: WebSocket;
  /** Every message received, parsed, in order. */
  readonly messages: unknown[];
  /** The first message (received already or to come) that `matches`. */
  next(matches: (message: unknown) => boolean): Promise<unknown>;
  readonly closed: Promise<number>;
}

/** A WebSocket client of `url`, open. */
async function connect(url: string): Promise<Client> {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const waiting = new Set<{ matches: (message: unknown) => boolean; resolve: (message: unknown) => void }>();
  socket.on('message', (data) => {
    const message: unknown = JSON.parse(String(data));
    messages.push(message);
    for (const waiter of waiting) {
      if (!waiter.matches(message)) continue;
      waiting.delete(waiter);
      waiter.resolve(message);
    }
  });
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  return {
    socket,
    messages,
    closed,
    next: (matches) => {
      const found = messages.find(matches);
      return found !== undefined ? Promise.resolve(found) : new Promise((resolve) => waiting.add({ matches, resolve }));
    },
  };
}

const answerTo = (id: number) => (message: unknown) => fieldOf(message, 'id') === id;

/** The block numbers of the newHeads notifications among `messages`. */
function heads(messages: readonly unknown[]): number[] {
  return messages.flatMap((message) => {
    const number = fieldOf(fieldOf(fieldOf(message, 'params'), 'result'), 'number');
    return fieldOf(message, 'method') === 'eth_subscription' && typeof number === 'string' ? [Number(number)] : [];
  });
}

/** Subscribes `client` to newHeads and waits for the subscription's id. */
async function subscribeHeads(client: Client, id: number): Promise<void> {
  client.socket.send(call('eth_subscribe', ['newHeads'], id));
  expect(typeof fieldOf(await client.next(answerTo(id)), 'result')).toBe('string');
}

describe('HTTP', () => {
  it("'none' passes status, content type and body bytes through", async () => {
    for (const body of [call('eth_chainId'), call('no_suchMethod'), '{not json']) {
      const direct = await callNode(node(), body);
      const response = await post(proxy().url, body);
      expect({
        status: response.status,
        contentType: response.headers.get('content-type'),
        bytes: Buffer.from(await response.arrayBuffer()),
      }).toEqual(direct);
    }
    // anvil answers these POSTs 200 with JSON-RPC errors; a plain GET (no WebSocket upgrade) 400 in plain text.
    const [direct, proxied] = await Promise.all([fetch(node().url), fetch(proxy().url)]);
    expect([proxied.status, proxied.headers.get('content-type'), await proxied.text()]).toEqual([
      direct.status,
      direct.headers.get('content-type'),
      await direct.text(),
    ]);
    expect(direct.status).toBe(400);
  });

  it("'hang' accepts the call and never answers", async () => {
    proxy().set({ kind: 'hang' });
    await expect(post(proxy().url, call('eth_chainId'), AbortSignal.timeout(300))).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(proxy().methods).toEqual([]);
  });

  it("'refuse' destroys open and new connections; 'none' lets them in again", async () => {
    // A kept-alive connection first: 'refuse' destroys it too.
    expect(await headOf(proxy().url)).toBeGreaterThanOrEqual(0);
    proxy().set({ kind: 'refuse' });
    await expect(post(proxy().url, call('eth_chainId'))).rejects.toThrow(TypeError);
    proxy().set({ kind: 'none' });
    expect(await resultOf(proxy().url, 'eth_chainId')).toBe(`0x${node().chainId.toString(16)}`);
  });

  it("'slow' delays each answer by at least its ms", async () => {
    proxy().set({ kind: 'slow', ms: 300 });
    const start = performance.now();
    expect(await resultOf(proxy().url, 'eth_chainId')).toBe(`0x${node().chainId.toString(16)}`);
    // A lower bound only, a few ms short of it: a timer may fire a millisecond early by this clock.
    expect(since(start)).toBeGreaterThanOrEqual(295);
  });

  it("'status' answers its code with a plain-text body, without asking the node", async () => {
    proxy().set({ kind: 'status', code: 503 });
    const response = await post(proxy().url, call('eth_chainId'));
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('node unavailable');
    expect(proxy().methods).toEqual([]);
  });

  it("'lagging' reports the head `blocks` behind through eth_blockNumber and eth_getBlockByNumber('latest'); batches pass", async () => {
    await callNode(node(), call('anvil_mine', ['0xa']));
    const head = await headOf(node().url);
    expect(head).toBeGreaterThanOrEqual(10);
    proxy().set({ kind: 'lagging', blocks: 4 });
    expect(await headOf(proxy().url)).toBe(head - 4);
    const latest = await resultOf(proxy().url, 'eth_getBlockByNumber', ['latest', false]);
    expect(Number(fieldOf(latest, 'number'))).toBe(head - 4);
    const batch: unknown = await (await post(proxy().url, `[${call('eth_blockNumber')}]`)).json();
    expect(Array.isArray(batch) ? Number(fieldOf(batch[0], 'result')) : null).toBe(head);
    expect(proxy().methods).toEqual(['eth_blockNumber', 'eth_getBlockByNumber', 'eth_blockNumber']);
  });

  it('records the methods it forwarded, each entry of a batch, until cleared', async () => {
    await post(proxy().url, call('eth_chainId'));
    await post(proxy().url, `[${call('eth_blockNumber', [], 1)},${call('eth_gasPrice', [], 2)}]`);
    expect(proxy().methods).toEqual(['eth_chainId', 'eth_blockNumber', 'eth_gasPrice']);
    proxy().clearMethods();
    expect(proxy().methods).toEqual([]);
  });
});

describe('WebSocket', () => {
  it("'none' passes calls and newHeads notifications through", async () => {
    const client = await connect(proxy().wsUrl);
    client.socket.send(call('eth_chainId'));
    expect(fieldOf(await client.next(answerTo(1)), 'result')).toBe(`0x${node().chainId.toString(16)}`);
    await subscribeHeads(client, 2);
    const head = await headOf(node().url);
    await callNode(node(), call('evm_mine'));
    await client.next((message) => heads([message]).length > 0);
    expect(heads(client.messages)).toEqual([head + 1]);
    client.socket.close();
  });

  it("'lagging' holds a newHeads notification back until the node is `blocks` past it", async () => {
    const client = await connect(proxy().wsUrl);
    await subscribeHeads(client, 1);
    proxy().set({ kind: 'lagging', blocks: 2 });
    const head = await headOf(node().url);
    await callNode(node(), call('anvil_mine', ['0x3']));
    // head + 1 comes out once head + 3 went in; an answer asked for after it comes after anything sent for head + 2 and head + 3.
    await client.next((message) => heads([message]).includes(head + 1));
    client.socket.send(call('eth_chainId', [], 2));
    await client.next(answerTo(2));
    expect(heads(client.messages)).toEqual([head + 1]);
    client.socket.close();
  });

  it("'slow' delays each message from the node by at least its ms", async () => {
    const client = await connect(proxy().wsUrl);
    proxy().set({ kind: 'slow', ms: 300 });
    const start = performance.now();
    client.socket.send(call('eth_chainId'));
    await client.next(answerTo(1));
    expect(since(start)).toBeGreaterThanOrEqual(295);
    client.socket.close();
  });

  it('dropWebSockets closes the client socket; new connections still work', async () => {
    const client = await connect(proxy().wsUrl);
    await subscribeHeads(client, 1);
    proxy().dropWebSockets();
    expect(await client.closed).toBe(1006);
    const again = await connect(proxy().wsUrl);
    again.socket.send(call('eth_chainId'));
    expect(fieldOf(await again.next(answerTo(1)), 'result')).toBe(`0x${node().chainId.toString(16)}`);
    again.socket.close();
  });

  it("'refuse' closes open WebSockets and refuses new ones", async () => {
    const client = await connect(proxy().wsUrl);
    proxy().set({ kind: 'refuse' });
    expect(await client.closed).toBe(1006);
    await expect(connect(proxy().wsUrl)).rejects.toThrow();
  });
});
