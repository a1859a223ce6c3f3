import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { anvilChildren, field, getMe, json, rpcOver, signIn, signUp, start, stop, stopAllStarted } from './helpers/started-server';

let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gateway-start-'));
  port = await freePort();
});
afterAll(async () => {
  await stopAllStarted();
  await rm(dataDir, { recursive: true, force: true });
});

describe.each([1, 2])('npm start (server/start.ts) with WORKERS=%i', (workers) => {
  const settings = { WORKERS: String(workers) };

  it('runs two anvil nodes behind the gateway, and keeps every credit across SIGTERM', async () => {
    const email = uniqueEmail(`start${workers}`);
    const first = await start(join(dataDir, `data${workers}`), port, settings);
    const pids = anvilChildren(first.child.pid ?? -1);
    if (process.platform === 'linux') expect(pids).toHaveLength(2);

    const { apiKey, token } = await signUp(first.url, email);

    expect(await json(await rpcOver(first.url, 'mainnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138de' });
    expect(await json(await rpcOver(first.url, 'devnet', apiKey, 'eth_chainId'))).toEqual({ jsonrpc: '2.0', id: 1, result: '0x138c5' });
    let spent = 40;
    for (let index = 0; index < 5; index += 1) {
      const response = await rpcOver(first.url, 'mainnet', apiKey, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
      expect(response.status).toBe(200);
      spent += Number(response.headers.get('x-credits-used'));
    }
    expect(spent).toBe(40 + 5 * 60);
    // Up to the SIGTERM: calls one after another and bursts at once (most refused at 10 req/s), each
    // answer's credits counted, so a charge still on its way to the main process at the end shows.
    // The main process kept busy meanwhile (each usage read is a metering write), as under load.
    const answered = async (method: string, params: unknown[] = []) =>
      Number((await rpcOver(first.url, 'mainnet', apiKey, method, params)).headers.get('x-credits-used'));
    const busy = (token: string) =>
      Array.from({ length: 10 }, async () =>
        (await fetch(`${first.url}/api/usage`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer().then(() => 0),
      );
    for (let round = 0; round < 3; round += 1) {
      const burst = await Promise.all([
        ...Array.from({ length: 30 }, (_, index) =>
          answered(index % 2 === 0 ? 'eth_blockNumber' : 'eth_getLogs', index % 2 === 0 ? [] : [{ fromBlock: '0x0', toBlock: 'latest' }]),
        ),
        ...busy(token),
      ]);
      spent += burst.reduce((sum, credits) => sum + credits, 0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let index = 0; index < 5; index += 1) spent += await answered('eth_chainId');
    }

    expect(await stop(first)).toBe(0);
    // One line with the URL to open, whatever else is printed (the local nodes' own addresses are listed apart, indented;
    // the development outbox prints the sign-up's verification link, a mail's, not the server's).
    const lines = first.output().split('\n');
    const serverUrls = lines.filter(
      (line) => /https?:\/\//.test(line) && !/^ {2}(mainnet|devnet) +http/.test(line) && !line.includes('Development outbox:'),
    );
    expect(serverUrls).toHaveLength(1);
    expect(lines.filter((line) => /^ {2}(mainnet|devnet) +http/.test(line))).toHaveLength(2);
    for (const pid of pids) expect(existsSync(`/proc/${pid}`)).toBe(false);

    const second = await start(join(dataDir, `data${workers}`), port, settings);
    try {
      const secondToken = await signIn(second.url, email);
      const usage = await json(await fetch(`${second.url}/api/usage`, { headers: { authorization: `Bearer ${secondToken}` } }));
      expect({
        charged: field(await getMe(second.url, secondToken), 'currentCredit'),
        metered: field(field(usage, 'totals'), 'credits'),
      }).toEqual({ charged: spent, metered: spent });
    } finally {
      expect(await stop(second)).toBe(0);
    }
  }, 240_000);
});
