import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Agent, request } from 'undici';
import WebSocket, { WebSocketServer, type RawData } from 'ws';

/** How the proxied node misbehaves, from the next call (HTTP) or message (WebSocket) on. */
export type Fault =
  /** Everything passes through untouched. */
  | { readonly kind: 'none' }
  /** HTTP calls are accepted and never answered; WebSocket: the node's messages never reach the client. */
  | { readonly kind: 'hang' }
  /** Every connection, open or new, is destroyed at once (HTTP clients see a reset, WebSockets close). */
  | { readonly kind: 'refuse' }
  /** Each HTTP answer, and each WebSocket message from the node, reaches the client `ms` later. */
  | { readonly kind: 'slow'; readonly ms: number }
  /** HTTP calls are answered `code` with the text/plain body "node unavailable"; WebSockets are unaffected. */
  | { readonly kind: 'status'; readonly code: number }
  /**
   * The node seems `blocks` behind its real head. HTTP: eth_blockNumber answers head − blocks and
   * eth_getBlockByNumber("latest") asks the node for block head − blocks; batches pass through
   * untouched. WebSocket: a newHeads notification is held back until the node's heads reach its
   * number + blocks; held notifications are dropped once the fault changes.
   */
  | { readonly kind: 'lagging'; readonly blocks: number };

export interface FaultProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** ws://127.0.0.1:PORT */
  readonly wsUrl: string;
  /** Applies `fault` to calls from now on ('refuse' also destroys the connections open now). */
  set(fault: Fault): void;
  /** Terminates every proxied WebSocket connection now (the client sees it close); new ones are still allowed. */
  dropWebSockets(): void;
  /**
   * JSON-RPC methods of the clients' HTTP calls the proxy forwarded to the node, in order (a
   * batch: each entry). Calls answered by the fault itself, and the proxy's own head reads under
   * 'lagging', are not in it.
   */
  readonly methods: readonly string[];
  clearMethods(): void;
  close(): Promise<void>;
}

const hex = (value: number) => `0x${value.toString(16)}`;

/** A JSON object's fields, or null for anything else. */
function record(value: unknown): ReadonlyMap<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? new Map<string, unknown>(Object.entries(value)) : null;
}

function parsed(bytes: Buffer | string): unknown {
  try {
    return JSON.parse(bytes.toString());
  } catch {
    return null;
  }
}

/** The method names of a call or a batch of calls. */
function methodsOf(call: unknown): string[] {
  const entries = Array.isArray(call) ? call : [call];
  return entries.flatMap((entry) => {
    const method = record(entry)?.get('method');
    return typeof method === 'string' ? [method] : [];
  });
}

function readBody(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks)));
    incoming.on('error', reject);
  });
}

/** The block number of a newHeads notification, or null for any other message. */
function headOf(message: unknown): number | null {
  const fields = record(message);
  const number = record(record(fields?.get('params'))?.get('result'))?.get('number');
  return fields?.get('method') === 'eth_subscription' && typeof number === 'string' ? Number(number) : null;
}

interface Forwarded {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

/** One proxied WebSocket: the client's side, the node's side, and newHeads held back under 'lagging'. */
interface Pair {
  readonly client: WebSocket;
  readonly node: WebSocket;
  readonly held: { number: number; data: RawData; isBinary: boolean }[];
}

/**
 * A proxy in front of a real node (`target`, its HTTP URL; its WebSocket is the same address) that
 * tests make fail in controlled ways with `set(fault)`. Each client WebSocket gets its own to the
 * node; when either side closes, both are terminated (the client sees 1006). An HTTP call the node
 * cannot be reached for has its client connection destroyed.
 */
export function startFaultProxy(target: string): Promise<FaultProxy> {
  const nodeWsUrl = target.replace(/^http/, 'ws');
  const agent = new Agent();
  const sockets = new Set<Socket>();
  const pairs = new Set<Pair>();
  const methods: string[] = [];
  let fault: Fault = { kind: 'none' };

  /** A call to the node with the client's HTTP method (POST unless told), content type and body. */
  async function forward(body: Buffer, contentType: string | undefined, method = 'POST'): Promise<Forwarded> {
    const bodyless = method === 'GET' || method === 'HEAD';
    const answer = await request(target, {
      method,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      body: bodyless ? undefined : body,
      dispatcher: agent,
    });
    const header = answer.headers['content-type'];
    return {
      status: answer.statusCode,
      contentType: Array.isArray(header) ? header[0] : header,
      body: Buffer.from(await answer.body.arrayBuffer()),
    };
  }

  /** The node's real head, read with an eth_blockNumber of the proxy's own. */
  async function realHead(): Promise<number> {
    const answer = await forward(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}'), 'application/json');
    const result = record(parsed(answer.body))?.get('result');
    if (typeof result !== 'string') throw new Error(`the node did not tell its head: ${answer.body.toString()}`);
    return Number(result);
  }

  /** Forwards a call under 'lagging', rewriting the two calls that reveal the head. */
  async function forwardLagging(body: Buffer, contentType: string | undefined, blocks: number): Promise<Forwarded> {
    const call = record(parsed(body));
    const params: unknown = call?.get('params');
    const method = call?.get('method');
    if (call !== null && method === 'eth_getBlockByNumber' && Array.isArray(params) && params[0] === 'latest') {
      const lagged = Math.max(0, (await realHead()) - blocks);
      const rewritten = Object.fromEntries([...call, ['params', [hex(lagged), ...params.slice(1)]]]);
      return forward(Buffer.from(JSON.stringify(rewritten)), contentType);
    }
    const answer = await forward(body, contentType);
    const result = record(parsed(answer.body))?.get('result');
    if (method !== 'eth_blockNumber' || typeof result !== 'string') return answer;
    const lagged = Math.max(0, Number(result) - blocks);
    return { ...answer, body: Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: call?.get('id'), result: hex(lagged) })) };
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(incoming);
    const now = fault;
    if (now.kind === 'refuse') return void incoming.socket.destroy();
    if (now.kind === 'hang') return;
    if (now.kind === 'status') return void response.writeHead(now.code, { 'content-type': 'text/plain' }).end('node unavailable');
    const contentType = incoming.headers['content-type'];
    const call = parsed(body);
    methods.push(...methodsOf(call));
    const answer =
      now.kind === 'lagging' && !Array.isArray(call)
        ? await forwardLagging(body, contentType, now.blocks)
        : await forward(body, contentType, incoming.method);
    if (now.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, now.ms));
    response.writeHead(answer.status, answer.contentType === undefined ? {} : { 'content-type': answer.contentType }).end(answer.body);
  }

  function toClient(pair: Pair, data: RawData, isBinary: boolean): void {
    if (pair.client.readyState === WebSocket.OPEN) pair.client.send(data, { binary: isBinary });
  }

  /** Passes a node's message to the client as the fault says. */
  function fromNode(pair: Pair, data: RawData, isBinary: boolean): void {
    const now = fault;
    if (now.kind !== 'lagging') pair.held.length = 0;
    if (now.kind === 'hang' || now.kind === 'refuse') return;
    if (now.kind === 'slow') {
      setTimeout(() => toClient(pair, data, isBinary), now.ms);
      return;
    }
    const number = now.kind === 'lagging' ? headOf(parsed(data.toString())) : null;
    if (now.kind !== 'lagging' || number === null) {
      toClient(pair, data, isBinary);
      return;
    }
    // A newHeads notification under 'lagging': held, and the held ones `blocks` below this head released.
    pair.held.push({ number, data, isBinary });
    while (pair.held[0] !== undefined && pair.held[0].number <= number - now.blocks) {
      const released = pair.held.shift();
      if (released !== undefined) toClient(pair, released.data, released.isBinary);
    }
  }

  function connect(client: WebSocket): void {
    const pair: Pair = { client, node: new WebSocket(nodeWsUrl), held: [] };
    pairs.add(pair);
    const early: { data: RawData; isBinary: boolean }[] = [];
    client.on('message', (data, isBinary) => {
      if (pair.node.readyState === WebSocket.OPEN) pair.node.send(data, { binary: isBinary });
      else early.push({ data, isBinary });
    });
    pair.node.on('open', () => {
      for (const message of early.splice(0)) pair.node.send(message.data, { binary: message.isBinary });
    });
    pair.node.on('message', (data, isBinary) => fromNode(pair, data, isBinary));
    const end = () => {
      pairs.delete(pair);
      pair.client.terminate();
      pair.node.terminate();
    };
    client.on('close', end);
    pair.node.on('close', end);
    client.on('error', end);
    pair.node.on('error', end);
  }

  const dropWebSockets = () => {
    for (const pair of pairs) {
      pair.client.terminate();
      pair.node.terminate();
    }
  };

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => incoming.socket.destroy());
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('connection', (socket) => {
    if (fault.kind === 'refuse') return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (incoming, socket, head) => {
    if (fault.kind === 'refuse') return void socket.destroy();
    wss.handleUpgrade(incoming, socket, head, connect);
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = address !== null && typeof address === 'object' ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${port}`,
        set(next) {
          fault = next;
          if (next.kind !== 'refuse') return;
          dropWebSockets();
          for (const socket of sockets) socket.destroy();
        },
        dropWebSockets,
        methods,
        clearMethods: () => {
          methods.length = 0;
        },
        close: async () => {
          dropWebSockets();
          for (const socket of sockets) socket.destroy();
          wss.close();
          await new Promise((done) => server.close(done));
          await agent.close();
        },
      });
    });
  });
}
