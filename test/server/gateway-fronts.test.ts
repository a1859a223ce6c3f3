import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerServer } from '@server/cluster/worker-http';
import { loadConfig, type Config } from '@server/config';
import { LocalAdmission, type LocalTicket } from '@server/gateway/admission';
import { MemoryAdmissionStore } from '@server/gateway/admission-store';
import { Gateway, type RpcHandler } from '@server/gateway/gateway';
import { gatewayFront, keyHeaders, nodeAnswer } from '@server/gateway/http-answer';
import type { KeyEntry } from '@server/gateway/key-cache';
import { RateLimiter } from '@server/gateway/rate-limiter';
import { gatewayRoutes } from '@server/gateway/routes';
import { frameworkErrorAnswers } from '@server/http/framework-errors';
import { installSecurityHeaders } from '@server/http/security-headers';
import { maxHeadBytes } from '@server/http/server-limits';
import { installSingleHost } from '@server/http/single-host';
import { CreditLedger } from '@server/metering/credit-ledger';
import { UsageMeter } from '@server/metering/usage-meter';
import { RawConnection, type RawAnswer } from './helpers/raw-http';
import { noNodes } from './helpers/node-routers';

/**
 * The gateway's three HTTP fronts — Fastify's route (server/gateway/routes.ts), a worker's Node
 * HTTP server (server/cluster/rpc-http.ts) and the workers' fast path (server/cluster/rpc-connection.ts,
 * which hands what it does not take to the Node server) — over the same gateway, on the wire: each
 * refusal and answer has the same status, fields and body on every front. Only the framing fields
 * (date, connection, keep-alive, content-length, transfer-encoding) are each front's own.
 */
const bodyLimit = 1024;
const failingKey = 'rpk_fails';
/** A key whose call the node answers 204 with no body (as some nodes answer a notification). */
const noContentKey = 'rpk_no_content';
const framingFields = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** The real gateway with no key known (every plausible key is refused) and no node; one key whose call fails inside. */
function gatewayForFronts(): RpcHandler {
  const ledger = new CreditLedger();
  const gateway = new Gateway<KeyEntry, LocalTicket>({
    keys: { peek: () => undefined, get: async () => null },
    admission: new LocalAdmission(new MemoryAdmissionStore(new RateLimiter(), ledger), ledger),
    meter: new UsageMeter(),
    nodes: noNodes,
    timeoutMs: 1000,
    now: () => 0,
  });
  return {
    call: (call) => {
      if (call.apiKey === failingKey) return Promise.reject(new Error('the gateway failed'));
      if (call.apiKey === noContentKey)
        return Promise.resolve(nodeAnswer(204, keyHeaders(0, { limit: 10, remaining: 9 }), 'text/plain', Buffer.alloc(0)));
      return gateway.call(call);
    },
  };
}

/** The main process's app as far as the gateway's paths go (server/app.ts): its hooks, then the route. */
async function fastifyFront(config: Config, gateway: RpcHandler): Promise<FastifyInstance> {
  const front = gatewayFront(config);
  const app = Fastify({ frameworkErrors: frameworkErrorAnswers(front), routerOptions: { maxParamLength: maxHeadBytes } });
  installSecurityHeaders(app, config.publicUrl);
  installSingleHost(app);
  await app.register(gatewayRoutes(gateway, front));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** An HTTP worker's server, with or without the fast path in front; what is not the gateway's is not asked here. */
async function workerFront(config: Config, gateway: RpcHandler): Promise<Server> {
  const { server } = createWorkerServer({
    config,
    gateway,
    proxy: { forward: (_request, response) => response.writeHead(599).end() },
    onFailure: () => undefined,
    now: Date.now,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function request(lines: readonly string[], body = ''): string {
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

function post(path: string, body: string, fields: readonly string[] = []): string {
  return request([`POST ${path} HTTP/1.1`, 'Host: rpc.example', ...fields, `Content-Length: ${Buffer.byteLength(body)}`], body);
}

const call = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] });
const oversized = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_call', params: ['x'.repeat(bodyLimit)] });

/** Every kind of answer the fronts write: their own refusals, and the gateway's answers passed through. */
const cases: ReadonlyArray<readonly [string, string]> = [
  [
    'a CORS preflight',
    request([
      'OPTIONS /api/v1/mainnet/rpk_someone HTTP/1.1',
      'Host: rpc.example',
      'Origin: https://dapp.example',
      'Access-Control-Request-Method: POST',
      'Access-Control-Request-Headers: content-type',
    ]),
  ],
  ['a body past the limit (Content-Length)', post('/api/v1/mainnet/rpk_someone', oversized)],
  [
    'a body past the limit (chunked)',
    request(
      ['POST /api/v1/mainnet/rpk_someone HTTP/1.1', 'Host: rpc.example', 'Transfer-Encoding: chunked'],
      `${Buffer.byteLength(oversized).toString(16)}\r\n${oversized}\r\n0\r\n\r\n`,
    ),
  ],
  ['a body that is not JSON', post('/api/v1/mainnet/rpk_someone', '{"jsonrpc":', ['Content-Type: application/json'])],
  ['a body that is no call', post('/api/v1/mainnet/rpk_someone', '[]', ['Content-Type: text/plain'])],
  ['no body at all', post('/api/v1/mainnet/rpk_someone', '')],
  ['an unknown network', post('/api/v1/othernet/rpk_someone', call)],
  ['an unknown key', post('/api/v1/mainnet/rpk_someone', call, ['Origin: https://dapp.example'])],
  ['an implausible key', post('/api/v1/mainnet/rpk%20someone', call)],
  ['a call that fails inside the gateway', post(`/api/v1/mainnet/${failingKey}`, call)],
  ['a node’s 204 passed through', post(`/api/v1/mainnet/${noContentKey}`, call)],
  ['two Host fields', post('/api/v1/mainnet/rpk_someone', call, ['Host: evil.example'])],
];

interface Front {
  readonly name: string;
  readonly port: number;
  close(): Promise<void>;
}

// Over https the main process adds Strict-Transport-Security to what it answers itself: so do the workers.
describe.each(['http://127.0.0.1:8080', 'https://rpc.example'])('the gateway’s three HTTP fronts, PUBLIC_URL=%s', (publicUrl) => {
  const fronts: Front[] = [];

  beforeAll(async () => {
    const config = loadConfig({ LOG_LEVEL: 'silent', GATEWAY_BODY_LIMIT: String(bodyLimit), PUBLIC_URL: publicUrl });
    const gateway = gatewayForFronts();
    const app = await fastifyFront(config, gateway);
    fronts.push({ name: 'Fastify', port: (app.server.address() as AddressInfo).port, close: () => app.close() });
    for (const fastPath of [false, true]) {
      const server = await workerFront({ ...config, fastPath }, gateway);
      fronts.push({
        name: fastPath ? 'the fast path' : 'Node’s HTTP server',
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      });
    }
  });

  afterAll(async () => {
    await Promise.all(fronts.map((front) => front.close()));
  });

  async function answerOf(front: Front, bytes: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const connection = await RawConnection.open(front.port, '127.0.0.1');
    connection.write(bytes);
    const answer: RawAnswer | null = await connection.answer();
    connection.destroy();
    if (answer === null) throw new Error(`${front.name} closed the connection without an answer`);
    const headers = Object.fromEntries(
      [...answer.headers].filter(([name]) => !framingFields.has(name)).sort(([a], [b]) => a.localeCompare(b)),
    );
    // RFC 9110 §8.6: no Content-Length on a 204, whatever writes it.
    if (answer.status === 204) expect(answer.headers.has('content-length')).toBe(false);
    return { status: answer.status, headers, body: answer.body };
  }

  it.each(cases)('answer %s alike', async (_kind, bytes) => {
    const [first, ...others] = fronts;
    if (first === undefined) throw new Error('no front started');
    const expected = await answerOf(first, bytes);
    expect(expected.status).toBeGreaterThanOrEqual(200);
    // The fronts' own answers carry the origin's security headers, Strict-Transport-Security over https.
    if ('content-security-policy' in expected.headers)
      expect('strict-transport-security' in expected.headers).toBe(publicUrl.startsWith('https:'));
    for (const front of others)
      expect({ front: front.name, ...(await answerOf(front, bytes)) }).toEqual({ front: front.name, ...expected });
  });
});
