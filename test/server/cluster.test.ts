import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { uniqueEmail } from './helpers/accounts';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json, rpcOver, start } from './helpers/started-server';

/** WORKERS=2 as `npm start` runs it: what only the multi-process server can get wrong. */
const server = setUpStartedAccount({ name: 'cluster', settings: () => ({ WORKERS: '2' }) });

/** Live HTTP workers of the main process `parentPid` (Linux: read from /proc; zombies left out). */
function liveWorkers(parentPid: number): number[] {
  if (!existsSync('/proc')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const [, , rest = ''] = /^\d+ \((.*)\) (.*)$/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8').trim()) ?? [];
        const [state, parent] = rest.split(' ');
        return state !== 'Z' && Number(parent) === parentPid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('cluster/worker');
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function putAllowList(lists: { domains: string[]; ips: string[]; cidrs: string[]; allowNoOrigin?: boolean }): Promise<void> {
  const response = await fetch(`${server.url}/api/accessControl`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
    body: JSON.stringify(lists),
  });
  expect(response.status).toBe(200);
}

describe('WORKERS=2', () => {
  it('gives a burst sent at once to both workers exactly what the bucket holds (plus what refilled meanwhile)', async () => {
    // Free: 10 requests per second. The bucket is full after a second of quiet.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const began = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await rpcOver(server.url, 'mainnet', server.apiKey, 'eth_chainId')).status),
    );
    const refilled = Math.ceil(((Date.now() - began) * 10) / 1000);
    const admitted = statuses.filter((status) => status === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(10);
    expect(admitted).toBeLessThanOrEqual(10 + refilled);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - admitted);
  });

  it("checks allowed IPs against the connection, never against a client's X-Forwarded-For", async () => {
    await putAllowList({ domains: [], ips: ['203.0.113.9'], cidrs: [] });
    const spoofed = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    expect(spoofed.status).toBe(403);
    await putAllowList({ domains: [], ips: ['127.0.0.1'], cidrs: [] });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await json(await rpcOver(server.url, 'mainnet', server.apiKey, 'eth_chainId'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x138de',
    });
    await putAllowList({ domains: [], ips: [], cidrs: [] });
  });

  it('carries the choice for calls without an Origin to the workers: refused by default, accepted once allowed, another Origin refused either way', async () => {
    const statusOf = async (origin?: string) =>
      (
        await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(origin === undefined ? {} : { origin }) },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        })
      ).status;
    /** Both workers see the save (each drops its copy when the main process tells it): asked until one answers `want`, at most 50 times. */
    const settlesOn = async (want: number, origin?: string) => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const seen = await Promise.all([statusOf(origin), statusOf(origin)]);
        if (seen.every((status) => status === want)) return want;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return statusOf(origin);
    };
    await putAllowList({ domains: ['example.com'], ips: [], cidrs: [] });
    expect(await settlesOn(403)).toBe(403);
    await putAllowList({ domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true });
    expect(await settlesOn(200)).toBe(200);
    expect(await statusOf('https://other.org')).toBe(403);
    await putAllowList({ domains: [], ips: [], cidrs: [], allowNoOrigin: false });
    expect(await settlesOn(200)).toBe(200);
  });

  it('limits failed logins per client address even when clients send X-Forwarded-For', async () => {
    const answers: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${attempt}` },
        body: JSON.stringify({ email: uniqueEmail(`nobody${attempt}`), password: 'Wrong$Pass1' }),
      });
      answers.push(response.status);
    }
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it("answers the gateway's refusals and preflights itself, and passes other methods on to the API", async () => {
    const oversized = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(oversized.status).toBe(413);
    expect(field(field(await oversized.json(), 'error'), 'code')).toBe(-32600);
    const malformed = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":',
    });
    expect(malformed.status).toBe(400);
    expect(field(field(await malformed.json(), 'error'), 'code')).toBe(-32700);
    const unknownKey = await rpcOver(server.url, 'mainnet', 'rpk_NotAKeyOfAnyone0000000000000000', 'eth_chainId');
    expect(unknownKey.status).toBe(401);
    const preflight = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://dapp.example' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const get = await fetch(`${server.url}/api/v1/mainnet/${server.apiKey}`);
    expect(get.status).toBe(404);
    expect(field(await get.json(), 'statusCode')).toBe(404);
  });

  // A second server starts its own nodes and database before it finds the port taken: on a busy machine that outlasts 30 s.
  it('says in words that the port is taken, and stops', async () => {
    const taken = Number(new URL(server.url).port);
    await expect(start(join(server.dataDir, 'second'), taken, { WORKERS: '2' })).rejects.toThrow(
      /Could not start: Port \d+ is already in use/,
    );
  }, 120_000);

  it.runIf(process.platform === 'linux')('replaces a worker that dies, and keeps serving', async () => {
    const pid = server.child.pid ?? -1;
    const before = liveWorkers(pid);
    expect(before, server.output()).toHaveLength(2);
    const killed = before[0] ?? -1;
    process.kill(killed, 'SIGKILL');
    const deadline = Date.now() + 30_000;
    let after: number[] = [];
    while (Date.now() < deadline) {
      after = liveWorkers(pid);
      if (after.length === 2 && !after.includes(killed)) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(after, server.output()).toHaveLength(2);
    expect(after).not.toContain(killed);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await json(await rpcOver(server.url, 'devnet', server.apiKey, 'eth_chainId'))).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: '0x138c5',
    });
    // The main process's line comes through a pipe of its own: it may be read after the answer.
    await vi.waitFor(() => expect(server.output()).toMatch(/HTTP worker \d+ exited \(SIGKILL\); starting another/));
  });
});
