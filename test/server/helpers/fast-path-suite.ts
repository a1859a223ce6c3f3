import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '@server/http/security-headers';
import { goodPassword, uniqueEmail } from './accounts';
import { RawConnection, type RawAnswer } from './raw-http';
import { setUpStartedAccount } from './started-account';
import { field, signUp } from './started-server';

/**
 * The fast path (server/cluster/rpc-connection.ts) on the wire, as `npm start` runs it: in each
 * HTTP worker (WORKERS > 1), or in front of the app's own server (WORKERS=1,
 * server/cluster/one-process.ts). Plain calls are answered on it, everything else is handed with
 * its bytes to Node's HTTP server. With FAST_PATH=off every request goes through Node's server
 * (and Fastify with WORKERS=1): the same answers on the wire, so the same suite holds.
 */
export function fastPathSuite(workers: 1 | 2, fastPath: 'on' | 'off' = 'on'): void {
  // Connections from 127.0.0.2 stand for a reverse proxy in front of the server; the others are clients.
  const trustedProxy = '127.0.0.2';
  const server = setUpStartedAccount({
    name: `fast-path-${workers}-${fastPath}`,
    // The pipelined flood below is mostly of calls over the key's rate: at the default pace of
    // refusals (server/gateway/refusal-pace.ts, tested on its own) its connection would carry one a
    // second; here what is tested is the order and the back-pressure of the answers.
    settings: () => ({ WORKERS: String(workers), TRUST_PROXY: trustedProxy, FAST_PATH: fastPath, REFUSALS_PER_SECOND: '1000000' }),
  });
  let apiKey: string;
  let host: string;
  let port: number;

  beforeAll(() => {
    apiKey = server.apiKey;
    const url = new URL(server.url);
    host = url.hostname;
    port = Number(url.port);
  });

  interface Answer {
    readonly status: number;
    readonly headers: ReadonlyMap<string, string>;
    readonly body: string;
  }

  function callBody(id: number, method = 'eth_chainId', params: unknown[] = []): string {
    return JSON.stringify({ jsonrpc: '2.0', id, method, params });
  }

  function post(id: number, fields: readonly string[] = [], path = `/api/v1/mainnet/${apiKey}`): string {
    const payload = callBody(id);
    return [
      `POST ${path} HTTP/1.1`,
      `Host: ${host}`,
      'Content-Type: application/json',
      `Content-Length: ${payload.length}`,
      ...fields,
      '',
      payload,
    ].join('\r\n');
  }

  /** Reads `count` whole answers (sized or chunked; a 100 Continue counts as one) off the bytes so far, or null. */
  function readAnswers(bytes: Buffer, count: number): Answer[] | null {
    const answers: Answer[] = [];
    let at = 0;
    while (answers.length < count) {
      const headEnd = bytes.indexOf('\r\n\r\n', at);
      if (headEnd < 0) return null;
      const [statusLine = '', ...lines] = bytes.toString('latin1', at, headEnd).split('\r\n');
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as const),
      );
      const status = Number(statusLine.split(' ')[1]);
      at = headEnd + 4;
      let body = '';
      if (headers.get('transfer-encoding') === 'chunked') {
        const parts: Buffer[] = [];
        for (;;) {
          const lineEnd = bytes.indexOf('\r\n', at);
          if (lineEnd < 0) return null;
          const size = Number.parseInt(bytes.toString('latin1', at, lineEnd), 16);
          if (bytes.length < lineEnd + 2 + size + 2) return null;
          parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
          at = lineEnd + 2 + size + 2;
          if (size === 0) break;
        }
        body = Buffer.concat(parts).toString('utf8');
      } else if (status >= 200) {
        const length = Number(headers.get('content-length') ?? 0);
        if (bytes.length < at + length) return null;
        body = bytes.toString('utf8', at, at + length);
        at += length;
      }
      answers.push({ status, headers, body });
    }
    return answers;
  }

  /** Sends `parts` on one connection (a pause between them), and reads `count` answers back. */
  function exchange(parts: ReadonlyArray<string | Buffer>, count: number, pauseMs = 50): Promise<Answer[]> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      let received = Buffer.alloc(0);
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no ${count} answers within 10 s; got:\n${received.toString('latin1')}`));
      }, 10_000);
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const answers = readAnswers(received, count);
        if (answers === null) return;
        clearTimeout(timer);
        socket.destroy();
        resolve(answers);
      });
      socket.on('error', reject);
      socket.on('connect', async () => {
        for (const [index, part] of parts.entries()) {
          if (index > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
          socket.write(part);
        }
      });
    });
  }

  /**
   * The processes that answer calls: the main process's HTTP workers (Linux: read from /proc; a
   * crashed worker is replaced by a new one), or with WORKERS=1 the server itself while it runs.
   */
  function workerPids(): number[] {
    if (workers === 1) return server.child.exitCode === null && server.child.pid !== undefined ? [server.child.pid] : [];
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
          return parent === server.child.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('worker.ts');
        } catch {
          return false;
        }
      })
      .map(Number)
      .sort((a, b) => a - b);
  }

  function idOf(answer: Answer | undefined): unknown {
    return field(JSON.parse(answer?.body ?? 'null'), 'id');
  }

  describe(`the fast path (WORKERS=${workers}, FAST_PATH=${fastPath})`, () => {
    // Keys are on Free (10 calls a second) and the bucket is the user's: each test here calls with the key
    // of an account of its own, on a full bucket (rather than waiting a second for the last one's to refill).
    // Signed up before the failed logins below refuse this address, within its 30 sign-ups.
    beforeEach(async () => {
      apiKey = (await signUp(server.url, uniqueEmail(`fastpath${workers}${fastPath}`))).apiKey;
    });

    it('answers calls one after another on a keep-alive connection, with the fields Node would send', async () => {
      const answers = await exchange([post(1), post(2), post(3)], 3);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(answers.map(idOf)).toEqual([1, 2, 3]);
      const [first] = answers;
      expect(JSON.parse(first?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
      expect(first?.headers.get('content-length')).toBe(String(first?.body.length));
      expect(first?.headers.get('connection')).toBe('keep-alive');
      expect(first?.headers.get('x-credits-used')).toBe('20');
      expect(first?.headers.get('x-ratelimit-limit')).toBe('10');
      expect(first?.headers.get('access-control-allow-origin')).toBe('*');
      expect(Date.parse(first?.headers.get('date') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    });

    it('answers pipelined calls in order, and a call whose head and body come apart', async () => {
      const split = post(3);
      const cut = split.indexOf('\r\n\r\n') + 4;
      const answers = await exchange([post(1) + post(2), split.slice(0, 10), split.slice(10, cut), split.slice(cut)], 3);
      expect(answers.map((answer) => [answer.status, idOf(answer)])).toEqual([
        [200, 1],
        [200, 2],
        [200, 3],
      ]);
    });

    it('answers a call whose large body comes in hundreds of packets', async () => {
      const payload = callBody(7, 'web3_sha3', [`0x${'ab'.repeat(100_000)}`]);
      const head = [
        `POST /api/v1/mainnet/${apiKey} HTTP/1.1`,
        `Host: ${host}`,
        'Content-Type: application/json',
        `Content-Length: ${payload.length}`,
        '',
        '',
      ].join('\r\n');
      const packets = [
        head,
        ...Array.from({ length: Math.ceil(payload.length / 1000) }, (_, index) => payload.slice(index * 1000, (index + 1) * 1000)),
      ];
      const [answer] = await exchange(packets, 1, 2);
      expect(answer?.status).toBe(200);
      expect(JSON.parse(answer?.body ?? 'null')).toEqual({ jsonrpc: '2.0', id: 7, result: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    });

    it('answers a flood of pipelined calls in order, to a client that reads them only later', async () => {
      const count = 20_000;
      const requests = Array.from({ length: count }, (_, index) => post(index + 1)).join('');
      const answers = await new Promise<Answer[]>((resolve, reject) => {
        const socket = connect(port, host);
        const chunks: Buffer[] = [];
        let statusLines = 0;
        let tail = '';
        const timer = setTimeout(() => {
          socket.destroy();
          reject(new Error(`${statusLines} of ${count} answers within 30 s`));
        }, 30_000);
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          // A status line may straddle two chunks: the last 8 bytes are counted again with the next.
          const text = tail + chunk.toString('latin1');
          statusLines += text.split('HTTP/1.1 ').length - 1;
          tail = text.slice(-8);
          if (statusLines < count) return;
          // The last status line may come before the rest of its answer: wait for every body.
          const read = readAnswers(Buffer.concat(chunks), count);
          if (read === null) return;
          clearTimeout(timer);
          socket.destroy();
          resolve(read);
        });
        socket.on('error', reject);
        // Megabytes of answers pile up while the client does not read: the worker waits for it.
        socket.pause();
        socket.on('connect', () => socket.write(requests));
        setTimeout(() => socket.resume(), 1000);
      });
      expect(answers.map(idOf)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
      expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    }, 40_000);

    it('hands a connection to Node’s HTTP server at the first request it does not take, bytes and order kept', async () => {
      const payload = callBody(2);
      const chunked = [
        `POST /api/v1/mainnet/${apiKey} HTTP/1.1`,
        `Host: ${host}`,
        'Transfer-Encoding: chunked',
        '',
        `${payload.length.toString(16)}`,
        payload,
        '0',
        '',
        '',
      ].join('\r\n');
      const answers = await exchange([post(1) + chunked + post(3), `GET /api/config HTTP/1.1\r\nHost: ${host}\r\n\r\n${post(4)}`], 4);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      expect(answers.slice(0, 3).map(idOf)).toEqual([1, 2, 3]);
      expect(field(JSON.parse(answers[3]?.body ?? 'null'), 'id')).toBeUndefined();
    });

    it.each([
      ['on the fast path', () => post(1, ['Connection: close'])],
      ['on Node’s server (a chunked call)', () => chunkedPost(apiKey, ['Connection: close'])],
    ])(
      'answers and charges a call sent with Connection: close %s, then closes: what was pipelined after it is ignored',
      async (_path, closing) => {
        const connection = await RawConnection.open(port, host);
        connection.write(`${closing()}GET /api/config HTTP/1.1\r\nHost: ${host}\r\n\r\n${post(2)}`);
        await connection.closing();
        const received = connection.bytes;
        const [answer] = readAnswers(received, 1) ?? [];
        expect(answer?.status).toBe(200);
        expect(JSON.parse(answer?.body ?? 'null')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
        expect(answer?.headers.get('x-credits-used')).toBe('20');
        expect(answer?.headers.get('connection')).toBe('close');
        expect(received.toString('latin1').match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
      },
    );

    it('lets Node answer what it always answered: 100 Continue, 413, 400 for a malformed head', async () => {
      const payload = callBody(1);
      const expecting = [
        `POST /api/v1/mainnet/${apiKey} HTTP/1.1`,
        `Host: ${host}`,
        `Content-Length: ${payload.length}`,
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n');
      const continued = await exchange([expecting, payload], 2, 200);
      expect(continued.map((answer) => answer.status)).toEqual([100, 200]);
      expect(idOf(continued[1])).toBe(1);

      const tooLarge = await exchange(
        [`POST /api/v1/mainnet/${apiKey} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${2 * 1024 * 1024}\r\n\r\n`],
        1,
      );
      expect(tooLarge[0]?.status).toBe(413);
      expect(field(field(JSON.parse(tooLarge[0]?.body ?? 'null'), 'error'), 'code')).toBe(-32600);

      const malformed = await exchange(
        [`POST /api/v1/mainnet/${apiKey} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`],
        1,
      );
      expect(malformed[0]?.status).toBe(400);
    });

    it('streams a large answer chunked, then serves the next call on the same connection', async () => {
      // A contract whose code returns 320 KiB of zeros (PUSH3 0x050000 PUSH1 0 RETURN): above the size answers are buffered at.
      const contract = '0x00000000000000000000000000000000000fa57a';
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const call = (id: number, method: string, params: unknown[]) =>
        new Promise<{ response: IncomingMessage; body: string; reused: boolean }>((resolve, reject) => {
          const payload = callBody(id, method, params);
          const request = httpRequest(
            {
              host,
              port,
              agent,
              method: 'POST',
              path: `/api/v1/mainnet/${apiKey}`,
              headers: { 'content-type': 'application/json', 'content-length': payload.length },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () => resolve({ response, body: Buffer.concat(chunks).toString('utf8'), reused: request.reusedSocket }));
            },
          );
          request.on('error', reject);
          request.end(payload);
        });
      try {
        expect((await call(1, 'eth_chainId', [])).response.statusCode).toBe(200);
        // The code is put there for this one call (a state override): the gateway serves no anvil_ method.
        const large = await call(2, 'eth_call', [
          { to: contract, data: '0x' },
          'latest',
          { [contract]: { code: '0x6205000060' + '00f3' } },
        ]);
        expect(large.response.headers['transfer-encoding']).toBe('chunked');
        expect(large.reused).toBe(true);
        expect(JSON.parse(large.body)).toEqual({ jsonrpc: '2.0', id: 2, result: `0x${'0'.repeat(2 * 0x50000)}` });
        const after = await call(3, 'eth_chainId', []);
        expect(after.reused).toBe(true);
        expect(JSON.parse(after.body)).toEqual({ jsonrpc: '2.0', id: 3, result: '0x138de' });
      } finally {
        agent.destroy();
      }
    });

    it('survives whatever a client sends: no worker is replaced', async () => {
      const before = workerPids();
      expect(before).toHaveLength(workers);
      const call = post(1);
      const cut = call.indexOf('\r\n\r\n') + 4;
      const hostile: ReadonlyArray<{ readonly bytes: string | Buffer; readonly end?: boolean; readonly reset?: boolean }> = [
        { bytes: post(1, ['Transfer-Encoding: chunked']) },
        { bytes: post(1, ['Content-Length: 0']) },
        { bytes: call.replaceAll('\r\n', '\n') },
        { bytes: call.replace('\r\nContent-Type', '\rContent-Type') },
        { bytes: post(1, ['X-A: a', ' b']) },
        { bytes: `POST /api/v1/mainnet/${apiKey} HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n` },
        { bytes: post(1, [`X-Big: ${'a'.repeat(17 * 1024)}`]) },
        {
          bytes: post(
            1,
            Array.from({ length: 200 }, (_, index) => `X-${index}: ${index}`),
          ),
        },
        { bytes: post(1, ['X-Nul: a\0b']) },
        { bytes: post(1, [], '/api/v1/mainnet/%E0%A4%A') },
        { bytes: post(1, [], `/api/v1/%00/${apiKey}`) },
        { bytes: '\r\n\r\n' },
        { bytes: call.replace('HTTP/1.1', 'HTTP/1.0') },
        { bytes: `${call}GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n`, end: true },
        { bytes: call.slice(0, cut - 10), end: true },
        { bytes: call.slice(0, cut + 5), end: true },
        { bytes: call, reset: true },
        { bytes: call.slice(0, cut + 5), reset: true },
        // Seeded mutations of a plain call: a byte changed, dropped or doubled.
        ...Array.from({ length: 200 }, (_, index) => {
          const bytes = Buffer.from(call, 'latin1');
          const at = (index * 7919) % bytes.length;
          if (index % 3 === 0) bytes[at] = (index * 37) % 256;
          const mutated =
            index % 3 === 1
              ? Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)])
              : index % 3 === 2
                ? Buffer.concat([bytes.subarray(0, at + 1), bytes.subarray(at)])
                : bytes;
          return { bytes: mutated, end: index % 2 === 0 };
        }),
      ];
      for (let start = 0; start < hostile.length; start += 25) {
        await Promise.all(
          hostile.slice(start, start + 25).map(
            ({ bytes, end = false, reset = false }) =>
              new Promise<void>((resolve) => {
                const socket = connect(port, host);
                const done = setTimeout(() => socket.destroy(), 300);
                socket.on('error', () => undefined);
                socket.on('close', () => {
                  clearTimeout(done);
                  resolve();
                });
                socket.on('connect', () => {
                  socket.write(bytes);
                  if (reset) socket.resetAndDestroy();
                  else if (end) socket.end();
                });
                socket.resume();
              }),
          ),
        );
      }
      expect(workerPids()).toEqual(before);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const [answer] = await exchange([post(9)], 1);
      expect(idOf(answer)).toBe(9);
    }, 30_000);

    it('closes a connection left idle past the keep-alive time-out', async () => {
      const socket = connect(port, host);
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const began = Date.now();
        socket.on('error', reject);
        socket.on('close', () => resolve(Date.now() - began));
        socket.on('connect', () => socket.write(post(1)));
        socket.resume();
      });
      expect(closedAfter).toBeGreaterThanOrEqual(4_500);
      expect(closedAfter).toBeLessThan(9_000);
    }, 15_000);
  });

  /** One request on its own connection, from `localAddress` (127.0.0.1, or the trusted proxy's 127.0.0.2). */
  async function sendFrom(localAddress: string, bytes: string): Promise<RawAnswer | null> {
    const connection = await RawConnection.open(port, host, localAddress);
    connection.write(bytes);
    const answer = await connection.answer();
    connection.destroy();
    return answer;
  }

  function chunkedPost(key: string, fields: readonly string[]): string {
    const payload = callBody(1);
    return [
      `POST /api/v1/mainnet/${key} HTTP/1.1`,
      `Host: ${host}`,
      'Transfer-Encoding: chunked',
      ...fields,
      '',
      payload.length.toString(16),
      payload,
      '0',
      '',
      '',
    ].join('\r\n');
  }

  /** A new account whose key has never been called, with these allowed IPs: every worker reads them at its first call. */
  async function keyAllowing(ips: string[]): Promise<string> {
    const holder = await signUp(server.url, uniqueEmail('allowlist'));
    const response = await fetch(`${server.url}/api/accessControl`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${holder.token}` },
      body: JSON.stringify({ domains: [], ips, cidrs: [] }),
    });
    expect(response.status).toBe(200);
    return holder.apiKey;
  }

  /** Wrong passwords for new e-mails each time, from `localAddress` with `forwardedFor(i)`, until a 429 or `limit` tries. */
  async function failedLoginsUntilRefused(
    localAddress: string,
    forwardedFor: (attempt: number) => string,
    limit: number,
  ): Promise<number | null> {
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const payload = JSON.stringify({ email: uniqueEmail('proxied'), password: `${goodPassword}-wrong` });
      const answer = await sendFrom(
        localAddress,
        [
          `POST /api/auth/login HTTP/1.1`,
          `Host: ${host}`,
          'Content-Type: application/json',
          `Content-Length: ${payload.length}`,
          `X-Forwarded-For: ${forwardedFor(attempt)}`,
          '',
          payload,
        ].join('\r\n'),
      );
      if (answer?.status === 429) return attempt;
      expect(answer?.status).toBe(401);
    }
    return null;
  }

  describe(`WORKERS=${workers}, FAST_PATH=${fastPath} behind a trusted proxy (TRUST_PROXY)`, () => {
    it('checks allowed IPs against the client the proxy names, on the fast path and on Node’s, never against what a client claims', async () => {
      const key = await keyAllowing(['203.0.113.9']);
      const statuses = async (from: string, forwardedFor: string) => [
        (await sendFrom(from, post(1, [`X-Forwarded-For: ${forwardedFor}`], `/api/v1/mainnet/${key}`)))?.status,
        (await sendFrom(from, chunkedPost(key, [`X-Forwarded-For: ${forwardedFor}`])))?.status,
      ];
      expect(await statuses(trustedProxy, '203.0.113.9')).toEqual([200, 200]);
      expect(await statuses(trustedProxy, '203.0.113.9, 198.51.100.7')).toEqual([403, 403]);
      expect(await statuses('127.0.0.1', '203.0.113.9')).toEqual([403, 403]);
    });

    it('limits failed logins per client behind the proxy (the main process gets the worker’s address), and ignores a direct client’s header', async () => {
      const limit = await failedLoginsUntilRefused('127.0.0.1', (attempt) => `192.0.2.${attempt}`, 200);
      expect(limit).not.toBeNull();
      expect(await failedLoginsUntilRefused(trustedProxy, (attempt) => `192.0.2.${attempt}`, (limit ?? 0) + 5)).toBeNull();
      expect(await failedLoginsUntilRefused(trustedProxy, () => '198.51.100.30', 200)).toBe(limit);
    }, 60_000);
  });

  describe(`mistakes in the request head (WORKERS=${workers}, FAST_PATH=${fastPath})`, () => {
    const securityHeaders = {
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    };
    const headersOf = (answer: RawAnswer | null) => Object.fromEntries(answer?.headers ?? []);

    it('refuses two Host headers with 400: the gateway’s JSON-RPC error on a gateway path, the envelope on the API', async () => {
      const rpc = await sendFrom('127.0.0.1', post(1, ['Host: evil.example']));
      expect(rpc?.status).toBe(400);
      expect(JSON.parse(rpc?.body ?? 'null')).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: a request carries exactly one Host header.' },
      });
      expect(headersOf(rpc)).toMatchObject(securityHeaders);
      const api = await sendFrom('127.0.0.1', `GET /api/plans HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n\r\n`);
      expect(api?.status).toBe(400);
      expect(JSON.parse(api?.body ?? 'null')).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'A request carries exactly one Host header.',
      });
      expect(headersOf(api)).toMatchObject(securityHeaders);
    });

    it('answers a bad percent-escape with the gateway’s JSON-RPC 400 or the API’s envelope, with the security headers', async () => {
      const rpc = await sendFrom('127.0.0.1', post(1, [], '/api/v1/mainnet/%ZZ'));
      expect(rpc?.status).toBe(400);
      expect(JSON.parse(rpc?.body ?? 'null')).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid request: the URL path is not valid percent-encoding.' },
      });
      expect(headersOf(rpc)).toMatchObject({ ...securityHeaders, 'access-control-allow-origin': '*' });
      const api = await sendFrom('127.0.0.1', `GET /api/plans%ZZ HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect(api?.status).toBe(400);
      expect(JSON.parse(api?.body ?? 'null')).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'The URL path is not valid percent-encoding.',
      });
      expect(headersOf(api)).toMatchObject(securityHeaders);
    });
  });
}
