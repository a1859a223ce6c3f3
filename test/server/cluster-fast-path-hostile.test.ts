import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayCall } from '@server/gateway/call-records';
import type { GatewayAnswer } from '@server/gateway/gateway';
import { gatewayFront } from '@server/gateway/http-answer';
import { fastPathFor } from '@server/cluster/fast-path';
import { matchRpcPath, serveRpc } from '@server/cluster/rpc-http';
import { proxyTrust } from '@server/http/client-address';

/**
 * The fast path (server/cluster/rpc-connection.ts) in front of Node's HTTP server as a worker wires
 * them, in-process with short time-outs, fed what a hostile client sends: every answer must be one
 * Node's server would give, the calls the gateway sees exactly those a strict parser frames.
 */
const front = gatewayFront({ gatewayBodyLimit: 1024, publicUrl: 'http://localhost' });
// Far apart, so that what closed a connection shows even when a busy machine runs the timers late.
const keepAliveMs = 3000;
const headersTimeoutMs = 1500;
const requestTimeoutMs = 5000;

/** The keys the gateway was called with, in order: a smuggled call would show here. */
const seen: string[] = [];
const gateway = {
  async call(call: GatewayCall): Promise<GatewayAnswer> {
    seen.push(call.apiKey);
    const body = JSON.stringify({ key: call.apiKey, body: call.body?.toString('latin1') ?? null });
    return { status: 200, headers: { 'content-type': 'application/json' }, body };
  },
};
const failures: unknown[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const target = request.method === 'POST' ? matchRpcPath(request.url) : null;
    if (target === null) response.end(`node: ${request.method} ${request.url}`);
    else serveRpc(gateway, front, target, request, response, request.socket.remoteAddress ?? '', (error) => failures.push(error));
  });
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = headersTimeoutMs;
  server.requestTimeout = requestTimeoutMs;
  fastPathFor(server, {
    gateway,
    front,
    onFailure: (error) => failures.push(error),
    now: Date.now,
    trust: proxyTrust([]),
    maxConnections: 10_000,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  expect(failures).toEqual([]);
});

function call(apiKey: string, payload = '{}', fields: readonly string[] = []): string {
  return [`POST /api/v1/mainnet/${apiKey} HTTP/1.1`, 'Host: x', `Content-Length: ${payload.length}`, ...fields, '', payload].join('\r\n');
}

interface Conversation {
  /** Every byte the server sent, as latin1. */
  readonly received: string;
  /** When the server closed the connection, ms after it opened; null: still open after `waitMs`. */
  readonly closedAfterMs: number | null;
}

/**
 * Writes `parts` (a pause between them), optionally half-closes, and listens until the server closes
 * the connection (after its answers, at the keep-alive time-out at the latest) or `waitMs` is up.
 */
function converse(parts: readonly string[], options: { readonly end?: boolean; readonly waitMs?: number } = {}): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const began = Date.now();
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfterMs: null });
    }, options.waitMs ?? 10_000);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfterMs: Date.now() - began });
    });
    socket.on('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((wait) => setTimeout(wait, 20));
        socket.write(part);
      }
      if (options.end === true) socket.end();
    });
  });
}

/** The status lines (an answer's starts right after the previous answer's body). */
function statusLines(received: string): string[] {
  return received.match(/HTTP\/1\.1 \d{3}(?= )/g) ?? [];
}

describe('the fast path against a hostile client', () => {
  it.each([
    ['two Content-Lengths', call('outer', 'POST /api/v1/mainnet/smuggled HTTP/1.1\r\nHost: x\r\n\r\n', ['Content-Length: 0'])],
    ['Content-Length and Transfer-Encoding', call('outer', `0\r\n\r\n${call('smuggled')}`, ['Transfer-Encoding: chunked'])],
    ['a folded Content-Length', call('outer', call('smuggled'), ['X-A: a', ' Content-Length: 0'])],
    [
      'a space before the colon',
      `POST /api/v1/mainnet/outer HTTP/1.1\r\nHost: x\r\nContent-Length : 0\r\nContent-Length: 44\r\n\r\n${call('smuggled')}`,
    ],
    ['a Content-Length with a sign', `POST /api/v1/mainnet/outer HTTP/1.1\r\nHost: x\r\nContent-Length: +0\r\n\r\n${call('smuggled')}`],
    ['bare line feeds', `POST /api/v1/mainnet/outer HTTP/1.1\nHost: x\nContent-Length: 0\n\n${call('smuggled')}`],
    ['a bare carriage return', `POST /api/v1/mainnet/outer HTTP/1.1\r\nHost: x\rContent-Length: 0\r\n\r\n${call('smuggled')}`],
  ])('leaves a request framed ambiguously by %s to Node’s parser, which refuses it: nothing smuggled', async (_name, bytes) => {
    seen.length = 0;
    const { received, closedAfterMs } = await converse([bytes]);
    expect(statusLines(received)).toEqual(['HTTP/1.1 400']);
    expect(closedAfterMs).not.toBeNull();
    expect(seen).toEqual([]);
  });

  it('hands a head with bare line feeds to Node’s server at once rather than waiting for a CRLFCRLF that never comes', async () => {
    const { received } = await converse(['GET /api/config HTTP/1.0\n\n']);
    expect(statusLines(received)).toHaveLength(1);
  });

  it('takes a call however its head and body are cut into packets', async () => {
    const whole = call('split', '{"id":1}', ['Origin: https://a.example']);
    const conversations = await Promise.all(
      Array.from({ length: whole.length - 1 }, (_, index) => converse([whole.slice(0, index + 1), whole.slice(index + 1)])),
    );
    for (const { received } of conversations) expect(received).toMatch(/\r\n\r\n\{"key":"split","body":"\{\\"id\\":1\}"\}$/);
  });

  it('hands on the exact bytes after a call: a chunked call whose body looks like requests, then a call', async () => {
    seen.length = 0;
    const inner = `${call('inner')}\r\n\r\n`;
    const chunked = [
      'POST /api/v1/mainnet/chunked HTTP/1.1',
      'Host: x',
      'Transfer-Encoding: chunked',
      '',
      inner.length.toString(16),
      inner,
      '0',
      '',
      '',
    ].join('\r\n');
    const { received } = await converse([call('first') + chunked + call('last')]);
    expect(statusLines(received)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(seen).toEqual(['first', 'chunked', 'last']);
  });

  it.each([
    ['a call', call('closing', '{}', ['Connection: close'])],
    [
      'a chunked call',
      'POST /api/v1/mainnet/closing HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
  ])(
    'answers %s sent with Connection: close and closes, ignoring the requests pipelined after it (RFC 9112 §9.6)',
    async (_name, closing) => {
      seen.length = 0;
      const after = `GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n${call('after')}`;
      for (const parts of [[closing + after], [closing, after]]) {
        const { received, closedAfterMs } = await converse(parts, { waitMs: keepAliveMs - 200 });
        expect(statusLines(received)).toEqual(['HTTP/1.1 200']);
        expect(received).toMatch(/\r\nconnection: close\r\n/i);
        expect(received).toMatch(/\{"key":"closing","body":"\{\}"\}$/);
        expect(closedAfterMs).not.toBeNull();
      }
      expect(seen).toEqual(['closing', 'closing']);
    },
  );

  it('says the keep-alive time-out as Node’s server does', async () => {
    const { received } = await converse([`${call('k')}GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n`]);
    const timeouts = received.match(/^keep-alive: timeout=\d+/gim)?.map((field) => field.toLowerCase());
    expect(timeouts).toEqual([
      `keep-alive: timeout=${Math.floor(keepAliveMs / 1000)}`,
      `keep-alive: timeout=${Math.floor(keepAliveMs / 1000)}`,
    ]);
  });

  it.each([
    ['a head', 'POST /api/v1/mainnet/slow HTTP/1.1\r\nHost: x\r\n', headersTimeoutMs],
    ['a body', 'POST /api/v1/mainnet/slow HTTP/1.1\r\nHost: x\r\nContent-Length: 20\r\n\r\n{}', requestTimeoutMs],
  ])(
    'cuts %s left incomplete by a silent client once its time is up',
    async (_name, bytes, limitMs) => {
      const { closedAfterMs } = await converse([bytes], { waitMs: requestTimeoutMs + 2 * keepAliveMs + 500 });
      expect(closedAfterMs).not.toBeNull();
      expect(closedAfterMs).toBeGreaterThanOrEqual(limitMs);
      expect(closedAfterMs).toBeLessThanOrEqual(limitMs + keepAliveMs + 200);
    },
    20_000,
  );

  it.each([
    ['its calls are answered', [call('a') + call('b')], 2],
    ['a body it left incomplete', [call('a', '{"id":1}').slice(0, -2)], 0],
  ])('closes the connection when the client has sent its last byte and %s', async (_name, parts, answers) => {
    const { received, closedAfterMs } = await converse(parts, { end: true, waitMs: keepAliveMs - 200 });
    expect(statusLines(received)).toHaveLength(answers);
    expect(closedAfterMs).not.toBeNull();
  });
});
