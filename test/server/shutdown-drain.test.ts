import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { setUpTestAnvil } from '../support/anvil';
import { productionSettings } from './helpers/production-settings';
import { setUpStartedAccount } from './helpers/started-account';
import { childrenNamed } from './helpers/started-server';

const production = { ...productionSettings, DATABASE_URL: 'postgres://db.example.com/dashboard' };

const delaySeconds = 2;

interface Answer {
  readonly status: number;
  readonly body: string;
  /** Its Connection header: `close` when it is the connection's last answer. */
  readonly connection: string | undefined;
  readonly socket: Socket;
}

/** One request on `agent` (keep-alive, one socket): its answer and the socket it went on. */
function send(agent: Agent, url: string, method: 'GET' | 'POST', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json' };
    const outgoing = request(url, { method, agent, headers });
    // The socket as the request got it: once the answer has ended, the agent keeps it (the answer's field is then null).
    outgoing.once('socket', (socket: Socket) => {
      outgoing.once('response', (answer) => {
        let text = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: text, connection: answer.headers.connection, socket }));
      });
    });
    outgoing.once('error', reject);
    outgoing.end(body);
  });
}

const chainId = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });

describe.each([1, 2])('WORKERS=%i: SIGTERM drains before it closes', (workers) => {
  const anvil = setUpTestAnvil();
  const server = setUpStartedAccount({
    name: `shutdown-drain-${workers}`,
    // A long keep-alive time-out: an idle connection that closes did so for the shutdown, not for idling.
    settings: () => ({
      ...anvil.upstream(),
      WORKERS: String(workers),
      SHUTDOWN_DELAY_SECONDS: String(delaySeconds),
      KEEP_ALIVE_TIMEOUT_MS: '60000',
    }),
  });

  it("readyz answers 503 at once, calls are served through the delay (each answer its connection's last), then idle keep-alive connections close and it exits 0", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // A connection that stays idle through the delay: closed by the server only when the delay is over.
    const idleAgent = new Agent({ keepAlive: true, maxSockets: 1 });
    const rpcUrl = `${server.url}/api/v1/mainnet/${server.apiKey}`;
    const first = await send(agent, rpcUrl, 'POST', chainId);
    expect(first.status).toBe(200);
    expect(first.connection).toBe('keep-alive');
    const idle = await send(idleAgent, `${server.url}/api/plans`, 'GET');
    expect(idle.connection).toBe('keep-alive');
    let idleClosedAt: number | null = null;
    idle.socket.once('close', () => {
      idleClosedAt = performance.now();
    });
    let usedClosed = false;
    first.socket.once('close', () => {
      usedClosed = true;
    });
    expect((await fetch(`${server.url}/api/readyz`)).status).toBe(200);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.child.once('exit', (code) => resolve({ code, at: performance.now() })),
    );
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    let readyz = await fetch(`${server.url}/api/readyz`);
    for (let tries = 0; readyz.status === 200 && tries < 50; tries += 1) {
      await readyz.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      readyz = await fetch(`${server.url}/api/readyz`);
    }
    expect(readyz.status).toBe(503);
    expect(await readyz.json()).toMatchObject({ message: ['shutting down: this replica takes no new traffic'] });

    // Still serving, on the kept-alive connection, on a new one, and the API; each answer says it is
    // its connection's last, so a proxy never sends on a connection the server is about to close.
    expect(usedClosed).toBe(false);
    const during = await send(agent, rpcUrl, 'POST', chainId);
    expect(during.status).toBe(200);
    expect(during.socket).toBe(first.socket);
    expect(during.connection).toBe('close');
    const fresh = await send(agent, rpcUrl, 'POST', chainId);
    expect(fresh.status).toBe(200);
    expect(fresh.socket).not.toBe(first.socket);
    expect(fresh.connection).toBe('close');
    const page = await send(agent, `${server.url}/api/plans`, 'GET');
    expect(page.status).toBe(200);
    expect(page.connection).toBe('close');
    expect(performance.now() - signalledAt).toBeLessThan(delaySeconds * 1000);
    expect(idleClosedAt).toBeNull();

    const exit = await exited;
    expect(exit.code).toBe(0);
    // It waited for the delay, then closed the idle connection (60 s of keep-alive left) rather than waiting on it.
    expect(exit.at - signalledAt).toBeGreaterThanOrEqual(delaySeconds * 1000);
    expect(exit.at - signalledAt).toBeLessThan(delaySeconds * 1000 + 15_000);
    for (let tries = 0; idleClosedAt === null && tries < 50; tries += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleClosedAt).not.toBeNull();
    expect(server.output()).toContain('draining: /api/readyz answers 503; serving on for 2 s (SHUTDOWN_DELAY_SECONDS), then closing');
    agent.destroy();
    idleAgent.destroy();
  }, 60_000);
});

/** The HTTP workers of the main process `pid`: its node children (Node 24 names its main thread, and so the process, MainThread). */
function workerPids(pid: number): number[] {
  return [...childrenNamed(pid, 'node'), ...childrenNamed(pid, 'MainThread')];
}

describe('WORKERS=2: a worker that starts while the server drains', () => {
  const anvil = setUpTestAnvil();
  const server = setUpStartedAccount({
    name: 'shutdown-drain-replaced',
    settings: () => ({ ...anvil.upstream(), WORKERS: '2', SHUTDOWN_DELAY_SECONDS: '8', KEEP_ALIVE_TIMEOUT_MS: '60000' }),
  });

  it("drains too: every answer of a replacement worker is its connection's last", async () => {
    const rpcUrl = `${server.url}/api/v1/mainnet/${server.apiKey}`;
    const pid = server.child.pid ?? 0;
    const workers = workerPids(pid);
    expect(workers).toHaveLength(2);
    server.child.kill('SIGTERM');
    for (let tries = 0; !server.output().includes('draining: /api/readyz answers 503') && tries < 250; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.output()).toContain('draining: /api/readyz answers 503');
    // Both workers gone: whatever answers now is a replacement, started after the drain began.
    for (const worker of workers) process.kill(worker, 'SIGKILL');
    for (let tries = 0; workerPids(pid).filter((child) => !workers.includes(child)).length < 2 && tries < 500; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
    // With no worker left the port refuses connections until a replacement listens.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let first: Answer | null = null;
    for (let tries = 0; first === null && tries < 500; tries += 1) {
      first = await send(agent, rpcUrl, 'POST', chainId).catch(() => null);
      if (first === null) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(first?.status).toBe(200);
    expect(first?.connection).toBe('close');
    for (let call = 0; call < 3; call += 1) {
      const answer = await send(agent, rpcUrl, 'POST', chainId);
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');
    }
    agent.destroy();
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('SHUTDOWN_DELAY_SECONDS', () => {
  it('is 5 s in production, 0 locally, and refused with a clear message when not a whole number of seconds', () => {
    expect(loadConfig({}).shutdownDelaySeconds).toBe(0);
    expect(loadConfig(production).shutdownDelaySeconds).toBe(5);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '30' }).shutdownDelaySeconds).toBe(30);
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '2.5' })).toThrow(
      'SHUTDOWN_DELAY_SECONDS="2.5" is not valid: use a whole number from 0 to 300.',
    );
    expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: '301' })).toThrow(/SHUTDOWN_DELAY_SECONDS="301"/);
  });
});
