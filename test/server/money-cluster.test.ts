import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, fetch as fetchWith } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/open';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { freePort } from '../support/free-port';
import { uniqueEmail } from './helpers/accounts';
import { field, getMe, json, signIn, signUp, start, stop, stopAllStarted, type StartedServer } from './helpers/started-server';

/**
 * Money under load, on `npm start` with its own anvil nodes: users on every kind of plan fire
 * bursts of 60 parallel calls of every credit class while the main process is kept busy with
 * usage reads (each one a metering write). Whatever was answered (X-Credits-Used) is exactly what
 * /users/me charges and /usage meters, before and after a restart (SIGTERM in between).
 */
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'money-cluster-'));
  port = await freePort();
});
afterAll(async () => {
  await stopAllStarted();
  await rm(dataDir, { recursive: true, force: true });
});

const logsFilter = { fromBlock: '0x0', toBlock: 'latest' };
/** 60, 40 and 20 credits: a JSON-RPC error from the node (a bad raw transaction) is an answer too. */
const calls = [
  { method: 'eth_getLogs', params: [logsFilter] },
  { method: 'eth_sendRawTransaction', params: ['0x00'] },
  { method: 'eth_chainId', params: [] },
  { method: 'eth_blockNumber', params: [] },
];
/** Free (10 req/s: most of a burst refused), Developer (50), Business (200: leases carry spares), Enterprise (no limits). */
const plans = ['Free', 'Developer', 'Business', 'Enterprise'];
const bursts = 4;
const burstSize = 60;

interface User {
  readonly email: string;
  readonly plan: string;
  token: string;
  apiKey: string;
  /** Σ X-Credits-Used of the answers received. */
  answered: number;
  requests: number;
}

/** What `npm run admin -- set-plan` does, on the stopped server's data directory. */
async function setPlans(data: string, users: readonly User[]): Promise<void> {
  const db = await openDatabase({ databaseUrl: null, dataDir: join(data, 'data') });
  try {
    for (const user of users) {
      const plan = await findPlanByName(db, user.plan);
      const record = await findUserByEmail(db, user.email);
      if (plan === null || record === null) throw new Error(`no plan ${user.plan} or no user ${user.email}`);
      await setUserPlan(db, record.id, { planId: plan.id, frequency: 'MONTHLY', now: new Date() });
    }
  } finally {
    await db.close();
  }
}

async function fire(url: string, agent: Agent, user: User, index: number): Promise<void> {
  const call = calls[index % calls.length] ?? { method: 'eth_chainId', params: [] };
  const response = await fetchWith(`${url}/api/v1/${index % 3 === 0 ? 'devnet' : 'mainnet'}/${user.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: index, method: call.method, params: call.params }),
    // Fresh connections each burst: none is reused just as the server closes it for idling.
    dispatcher: agent,
  });
  await response.arrayBuffer();
  const credits = Number(response.headers.get('x-credits-used') ?? 0);
  if (response.status !== 200 && response.status !== 429) throw new Error(`${call.method} answered ${response.status}`);
  user.answered += credits;
  if (credits > 0) user.requests += 1;
}

async function usageTotals(url: string, token: string): Promise<{ credits: number; requests: number }> {
  const report = await json(await fetch(`${url}/api/usage`, { headers: { authorization: `Bearer ${token}` } }));
  const totals = field(report, 'totals');
  return { credits: Number(field(totals, 'credits')), requests: Number(field(totals, 'requests')) };
}

async function figures(url: string, user: User): Promise<{ charged: number; metered: number; requests: number }> {
  const metered = await usageTotals(url, user.token);
  return { charged: Number(field(await getMe(url, user.token), 'currentCredit')), metered: metered.credits, requests: metered.requests };
}

/**
 * The workers report every 200 ms: what they still hold reaches the main process soon after the
 * last answer, and a report may land between the usage read and the user read of one look. Waits
 * for both the charges and the metered credits to reach what was answered (never past: the figures
 * are compared exactly afterwards), or for 15 s without change.
 */
async function settledFigures(url: string, user: User): Promise<{ charged: number; metered: number; requests: number }> {
  let last = await figures(url, user);
  let lastChange = Date.now();
  while ((last.charged < user.answered || last.metered < user.answered) && Date.now() - lastChange < 15_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await figures(url, user);
    if (now.charged !== last.charged || now.metered !== last.metered) lastChange = Date.now();
    last = now;
  }
  return last;
}

describe.each([1, 2])('credits under load with WORKERS=%i', (workers) => {
  it('charges and meters exactly the credits of the calls answered, for every plan, across a restart', async () => {
    const data = join(dataDir, `w${workers}`);
    const settings = { WORKERS: String(workers) };
    let server: StartedServer = await start(data, port, settings);
    const users: User[] = [];
    for (const plan of plans) {
      const email = uniqueEmail(`money${workers}${plan}`);
      const { apiKey } = await signUp(server.url, email);
      users.push({ email, plan, token: '', apiKey, answered: 0, requests: 0 });
    }
    expect(await stop(server)).toBe(0);
    await setPlans(
      data,
      users.filter((user) => user.plan !== 'Free'),
    );

    server = await start(data, port, settings);
    const { url } = server;
    for (const user of users) user.token = await signIn(url, user.email);
    for (let burst = 0; burst < bursts; burst += 1) {
      // Every user's burst at once, and the main process busy with metering writes meanwhile.
      const agent = new Agent();
      await Promise.all([
        ...users.flatMap((user) => Array.from({ length: burstSize }, (_, index) => fire(url, agent, user, burst * burstSize + index))),
        ...users.map((user) => usageTotals(url, user.token)),
        ...users.map((user) => getMe(url, user.token)),
      ]);
      await agent.close();
    }
    const before = [];
    for (const user of users) before.push({ plan: user.plan, ...(await settledFigures(url, user)) });
    const answered = users.map((user) => ({ plan: user.plan, charged: user.answered, metered: user.answered, requests: user.requests }));
    expect(before).toEqual(answered);
    for (const user of users) expect(user.answered).toBeGreaterThan(0);

    expect(await stop(server)).toBe(0);
    server = await start(data, port, settings);
    try {
      const after = [];
      for (const user of users) {
        user.token = await signIn(server.url, user.email);
        after.push({ plan: user.plan, ...(await figures(server.url, user)) });
      }
      expect(after).toEqual(answered);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 300_000);
});
