import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection, type RawAnswer } from './helpers/raw-http';
import { startOnFreePort, stop, stopAllStarted, type StartedServer } from './helpers/started-server';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * Slow and huge input, in both server modes: a client that never finishes its request is cut once
 * its time is up, connections past the cap are closed at once while earlier ones keep working,
 * and bodies over the API's limit are refused with 413 before they are read, never a 502.
 */
const limits = { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '2000', KEEP_ALIVE_TIMEOUT_MS: '60000' };
const maxConnections = 100;

interface Target {
  readonly host: string;
  readonly port: number;
  /** Processes that each hold up to maxConnections (1 for WORKERS=1, the workers' count otherwise). */
  readonly capacity: number;
}

function head(method: string, path: string, fields: readonly string[]): string {
  return [`${method} ${path} HTTP/1.1`, 'Host: localhost', ...fields, '', ''].join('\r\n');
}

/** Sends a head and part of a body, then a byte every 100 ms for as long as the connection lives. */
async function slowClient(target: Target, path: string, declared: number): Promise<RawConnection> {
  const connection = await RawConnection.open(target.port, target.host);
  connection.write(head('POST', path, ['Content-Type: application/json', `Content-Length: ${declared}`]));
  connection.write(Buffer.alloc(1024, 0x20));
  const drip = setInterval(() => connection.write(' '), 100);
  void connection.closing().then(() => clearInterval(drip));
  return connection;
}

/** A connection the server took: it answered a preflight on it (answered by the worker itself with WORKERS > 1). */
async function heldConnection(target: Target): Promise<RawConnection | null> {
  const connection = await RawConnection.open(target.port, target.host);
  connection.write(head('OPTIONS', '/api/v1/mainnet/rpk_held', []));
  const answer = await connection.answer();
  return answer?.status === 204 ? connection : null;
}

function envelopeOf(answer: RawAnswer | null): unknown {
  return answer === null ? null : JSON.parse(answer.body);
}

const deepJson = (depth: number) => `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;

function describeLimits(mode: string, target: () => Target): void {
  describe(mode, () => {
    it('cuts slow clients holding an unfinished body (gateway and API) once the request time-out is up', async () => {
      const slow = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          slowClient(target(), index % 2 === 0 ? '/api/v1/mainnet/rpk_slow' : '/api/auth/login', index % 2 === 0 ? 1024 * 1024 : 60_000),
        ),
      );
      await Promise.all(slow.map((connection) => connection.closing()));
      // Cut with Node's 408, or without a word by the fast path: never an answer to the request.
      for (const connection of slow) expect(connection.bytes.toString('latin1')).toMatch(/^(HTTP\/1\.1 408 |$)/);
    });

    it('cuts a client that never finishes its head once the head time-out is up', async () => {
      const connection = await RawConnection.open(target().port, target().host);
      connection.write('POST /api/v1/mainnet/rpk_slow HTTP/1.1\r\nHost: localhost\r\n');
      const drip = setInterval(() => connection.write('X-Drip: 1\r\n'), 100);
      await connection.closing();
      clearInterval(drip);
      expect(connection.bytes.toString('latin1')).toMatch(/^(HTTP\/1\.1 408 |$)/);
    });

    it('answers 413 to 60 parallel API bodies over the limit, with a length or chunked, never 502', async () => {
      const url = `http://${target().host}:${target().port}/api/auth/login`;
      const body = JSON.stringify({ email: 'someone@example.com', password: 'x'.repeat(100 * 1024) });
      const statuses = await Promise.all(
        Array.from({ length: 60 }, async (_, index) => {
          const sized = index % 3 !== 0;
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: sized ? body : new Blob([body]).stream(),
            ...(sized ? {} : { duplex: 'half' }),
          });
          const answer: unknown = await response.json();
          expect(answer).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
          return response.status;
        }),
      );
      expect(statuses).toEqual(Array(60).fill(413));
    });

    it('refuses an 8 MiB body with 413 before the client has sent it', async () => {
      const connection = await RawConnection.open(target().port, target().host);
      connection.write(head('POST', '/api/auth/login', ['Content-Type: application/json', `Content-Length: ${8 * 1024 * 1024}`]));
      connection.write(Buffer.alloc(64 * 1024, 0x20));
      // Nothing more is sent: the answer can only come from the declared length.
      const answer = await connection.answer();
      connection.destroy();
      expect(answer?.status).toBe(413);
      expect(envelopeOf(answer)).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    });

    it('answers a deeply nested body with 400 within the limit and 413 past it, never a 5xx', async () => {
      const url = `http://${target().host}:${target().port}/api/auth/login`;
      const post = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const within = await post(deepJson(30_000));
      expect(within.status).toBe(400);
      expect(await within.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'body/email must be string' });
      const past = await post(deepJson(100_000));
      expect(past.status).toBe(413);
      await past.body?.cancel();
    });

    // Last: the connections it held may still count on the server's side for a moment after they are closed.
    it('closes connections past the cap at once, while the earlier ones keep working', async () => {
      const { capacity } = target();
      const opened = await Promise.all(Array.from({ length: maxConnections * capacity + 20 }, () => heldConnection(target())));
      const held = opened.filter((connection) => connection !== null);
      try {
        // Each process keeps maxConnections, counting any its earlier clients (fetch's pool) still hold.
        expect(held.length).toBeGreaterThan(0);
        expect(held.length).toBeLessThanOrEqual(maxConnections * capacity);
        for (const connection of held.slice(0, 3)) {
          connection.write(head('GET', '/api/plans', []));
          await connection.until(() => (connection.bytes.toString('latin1').match(/HTTP\/1\.1 200 /g)?.length === 1 ? true : null));
        }
      } finally {
        for (const connection of held) connection.destroy();
      }
    });
  });
}

let single: TestApp;
let singleTarget: Target;
let dataDir: string;
let cluster: StartedServer;
let clusterTarget: Target;

beforeAll(async () => {
  single = await startTestApp({ ...limits, MAX_CONNECTIONS: String(maxConnections) });
  await single.app.listen({ port: 0, host: '127.0.0.1' });
  const address: AddressInfo | string | null = single.app.server.address();
  singleTarget = { host: '127.0.0.1', port: typeof address === 'object' && address !== null ? address.port : 0, capacity: 1 };
  dataDir = await mkdtemp(join(tmpdir(), 'http-limits-'));
  cluster = await startOnFreePort(join(dataDir, 'data'), { WORKERS: '2', ...limits, MAX_CONNECTIONS: String(maxConnections) });
  const url = new URL(cluster.url);
  clusterTarget = { host: url.hostname, port: Number(url.port), capacity: 2 };
}, 120_000);
afterAll(async () => {
  await single?.close();
  if (cluster !== undefined) expect(await stop(cluster)).toBe(0);
  await stopAllStarted();
  await rm(dataDir, { recursive: true, force: true });
});

describeLimits('WORKERS=1', () => singleTarget);
describeLimits('WORKERS=2', () => clusterTarget);
