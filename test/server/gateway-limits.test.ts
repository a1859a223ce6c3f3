import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addMonths } from '@server/metering/cycle';
import { call, keyHolder, me, putOnPlan, rpc, rpcError, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { login } from './helpers/accounts';

const server = setUpGatewayApp();

/** N calls sent at once (none waits for another). */
function burst(holder: KeyHolder, n: number): Promise<LightMyRequestResponse[]> {
  return Promise.all(Array.from({ length: n }, (_, index) => rpc(server.app, holder.apiKey, call('eth_chainId', index))));
}

function statuses(responses: readonly LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe('gateway: rate limit (token bucket at the plan rate)', () => {
  it('answers exactly the plan rate of a burst, and 429 -32005 to the rest', async () => {
    const holder = await keyHolder(server.app);
    const responses = await burst(holder, 25);
    expect(statuses(responses)).toEqual({ 200: 10, 429: 15 });
    for (const response of responses) expect(response.headers['x-ratelimit-limit']).toBe('10');
    const refused = responses.filter((response) => response.statusCode === 429);
    for (const response of refused) {
      expect(rpcError(response)).toEqual({
        id: expect.any(Number),
        code: -32005,
        message: 'Rate limit exceeded: your plan allows 10 requests per second. Slow down or upgrade your plan.',
      });
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
      expect(response.headers['x-credits-used']).toBe('0');
      expect(response.headers['retry-after']).toBe('1');
    }
    const remaining = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => Number(response.headers['x-ratelimit-remaining']));
    expect(remaining.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('refills at the rate: 300 ms give back 3 calls, a second the whole bucket', async () => {
    const holder = await keyHolder(server.app);
    expect(statuses(await burst(holder, 10))).toEqual({ 200: 10 });
    server.clock.advance(300);
    expect(statuses(await burst(holder, 5))).toEqual({ 200: 3, 429: 2 });
    server.clock.advance(5000);
    expect(statuses(await burst(holder, 12))).toEqual({ 200: 10, 429: 2 });
  });

  it('takes a token per batch entry, the whole batch or nothing', async () => {
    const holder = await keyHolder(server.app);
    expect(statuses(await burst(holder, 7))).toEqual({ 200: 7 });
    const four = [call('eth_chainId', 1), call('eth_chainId', 2), call('eth_chainId', 3), call('eth_chainId', 4)];
    const refused = await rpc(server.app, holder.apiKey, four);
    expect(refused.statusCode).toBe(429);
    expect(rpcError(refused)).toMatchObject({ id: null, code: -32005 });
    const three = await rpc(server.app, holder.apiKey, four.slice(0, 3));
    expect(three.statusCode).toBe(200);
    expect(three.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('refuses a batch larger than the rate for good, saying why', async () => {
    const holder = await keyHolder(server.app);
    const response = await rpc(
      server.app,
      holder.apiKey,
      Array.from({ length: 11 }, (_, index) => call('eth_chainId', index)),
    );
    expect(response.statusCode).toBe(429);
    expect(rpcError(response).message).toBe(
      "Rate limit exceeded: a batch of 11 calls is more than your plan's 10 requests per second; send smaller batches.",
    );
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('follows a plan change at once, and has no bucket on an unlimited plan', async () => {
    const holder = await keyHolder(server.app);
    await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
    expect(statuses(await burst(holder, 60))).toEqual({ 200: 50, 429: 10 });
    await putOnPlan(server.app, server.clock, holder.userId, 'Enterprise');
    const responses = await burst(holder, 120);
    expect(statuses(responses)).toEqual({ 200: 120 });
    expect(responses[0]?.headers['x-ratelimit-limit']).toBeUndefined();
    expect(responses[0]?.headers['x-credits-used']).toBe('20');
  });
});

describe('gateway: monthly credit quota', () => {
  async function nearlySpent(holder: KeyHolder, creditsUsed: number): Promise<void> {
    await server.app.db.query('UPDATE users SET credits_used = $2, credits_cycle_start = cycle_start WHERE id = $1', [
      holder.userId,
      creditsUsed,
    ]);
    server.app.keyCache.invalidateUser(holder.userId);
  }

  it('refuses with 429 -32006 once the plan credit would be passed', async () => {
    const holder = await keyHolder(server.app);
    await nearlySpent(holder, 499_980);
    server.clock.advance(1000);
    const last = await rpc(server.app, holder.apiKey, call('eth_chainId', 1));
    expect(last.statusCode).toBe(200);
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', 2));
    expect(refused.statusCode).toBe(429);
    const cycleEnd = addMonths(new Date((await me(server.app, holder.token)).createdAt), 1).toISOString();
    expect(rpcError(refused)).toEqual({
      id: 2,
      code: -32006,
      message: `Monthly credit quota exceeded: 500000 of your plan's 500000 credits are used in the cycle ending ${cycleEnd}. Upgrade your plan or wait for the next cycle.`,
    });
    expect(refused.headers['x-credits-used']).toBe('0');
  });

  it('counts the cost of the whole call: a 60-credit eth_getLogs is refused where a 20-credit call passes', async () => {
    const holder = await keyHolder(server.app);
    await nearlySpent(holder, 499_950);
    server.clock.advance(1000);
    const logs = await rpc(server.app, holder.apiKey, call('eth_getLogs', 1, [{ fromBlock: '0x0', toBlock: 'latest' }]));
    expect(logs.statusCode).toBe(429);
    expect(rpcError(logs).code).toBe(-32006);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
  });

  it('reads 0 credits in /users/me once the cycle ends, even before any new call', async () => {
    const holder = await keyHolder(server.app);
    expect((await rpc(server.app, holder.apiKey, call('eth_getLogs', 1, [{}]))).statusCode).toBe(200);
    await server.app.metering.flush();
    expect((await me(server.app, holder.token)).currentCredit).toBe(60);
    server.clock.advance(31 * 24 * 3_600_000);
    expect((await me(server.app, await login(server.app, holder.email))).currentCredit).toBe(0);
  });

  it('starts a new cycle a month after the anchor, from 0 credits', async () => {
    const clock = server.clock;
    const holder = await keyHolder(server.app);
    await nearlySpent(holder, 500_000);
    clock.advance(1000);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(429);
    clock.advance(31 * 24 * 3_600_000);
    const next = await rpc(server.app, holder.apiKey, call('eth_chainId'));
    expect(next.statusCode).toBe(200);
    await server.app.metering.flush();
    // The session expired meanwhile (a week): a new one.
    expect((await me(server.app, await login(server.app, holder.email))).currentCredit).toBe(20);
  });
});
