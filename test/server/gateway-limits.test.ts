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
      expect(response.json()).toEqual({
        jsonrpc: '2.0',
        id: expect.any(Number),
        error: {
          code: -32005,
          message: 'Rate limit exceeded: your plan allows 10 requests per second. Slow down or upgrade your plan.',
          data: { limit: 'rate', requestsPerSecond: 10, retryAfterSeconds: 1 },
        },
      });
      expect(response.headers['x-ratelimit-remaining']).toBe('0');
      expect(response.headers['x-credits-used']).toBe('0');
      // Seconds, with a leading zero that ethers does not misread as milliseconds (src/domain/admission-rule.ts).
      expect(response.headers['retry-after']).toBe('01');
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

  it('takes a token per batch entry: a batch goes whole while a whole token is left, into debt', async () => {
    const holder = await keyHolder(server.app);
    expect(statuses(await burst(holder, 7))).toEqual({ 200: 7 });
    const four = [call('eth_chainId', 1), call('eth_chainId', 2), call('eth_chainId', 3), call('eth_chainId', 4)];
    const admitted = await rpc(server.app, holder.apiKey, four);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json()).toHaveLength(4);
    expect(admitted.headers['x-ratelimit-remaining']).toBe('0');
    expect(admitted.headers['x-credits-used']).toBe('80');
    // 3 tokens were left: 1 in debt, so a whole token is back 200 ms later, not 100.
    const refused = await rpc(server.app, holder.apiKey, four);
    expect(refused.statusCode).toBe(429);
    expect(rpcError(refused)).toMatchObject({ id: null, code: -32005 });
    server.clock.advance(199);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(429);
    server.clock.advance(1);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
  });

  it("admits a batch larger than the rate (12 on Free's 10 a second), and the debt holds the average rate", async () => {
    const holder = await keyHolder(server.app);
    const twelve = Array.from({ length: 12 }, (_, index) => call('eth_chainId', index));
    const response = await rpc(server.app, holder.apiKey, twelve);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(12);
    expect(response.headers['x-credits-used']).toBe('240');
    // 2 tokens in debt: 300 ms until a whole token, so Retry-After is one second.
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', 'next'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('01');
    server.clock.advance(299);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(429);
    server.clock.advance(1);
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    // Over 10 s from the start, no more than 10 a second plus the first second's bucket went through.
    let answered = 13;
    for (let tick = 0; tick < 97; tick += 1) {
      server.clock.advance(100);
      const batch = await rpc(server.app, holder.apiKey, twelve);
      if (batch.statusCode === 200) answered += 12;
    }
    expect(answered).toBeLessThanOrEqual(10 + 10 * 10 + 12);
    expect(answered).toBeGreaterThanOrEqual(10 * 10);
  });

  it('refuses a long wait after a batch of 1000 with a Retry-After of its seconds', async () => {
    const holder = await keyHolder(server.app);
    const largest = Array.from({ length: 1000 }, (_, index) => call('eth_chainId', index));
    expect((await rpc(server.app, holder.apiKey, largest)).statusCode).toBe(200);
    // 990 in debt: 99.1 s until a whole token at 10 a second.
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId'));
    expect(refused.headers['retry-after']).toBe('0100');
    expect(refused.json()).toMatchObject({ error: { data: { limit: 'rate', retryAfterSeconds: 100 } } });
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

  it('refuses with 402 -32005 (data.limit quota) once the plan credit would be passed, saying when it resets', async () => {
    const holder = await keyHolder(server.app);
    await nearlySpent(holder, 499_980);
    server.clock.advance(1000);
    const last = await rpc(server.app, holder.apiKey, call('eth_chainId', 1));
    expect(last.statusCode).toBe(200);
    const refused = await rpc(server.app, holder.apiKey, call('eth_chainId', 2));
    expect(refused.statusCode).toBe(402);
    const cycleEnd = addMonths(new Date((await me(server.app, holder.token)).createdAt), 1).toISOString();
    expect(refused.json()).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: {
        code: -32005,
        message: `Monthly credit quota exceeded: 500000 of your plan's 500000 credits are used. The quota resets when the next cycle starts, at ${cycleEnd}; to go on before then, upgrade your plan on the Billing page of the dashboard.`,
        data: { limit: 'quota', creditsUsed: 500_000, creditQuota: 500_000, cycleEnd },
      },
    });
    expect(refused.headers['x-credits-used']).toBe('0');
    // No Retry-After: viem would wait that long (the cycle's end), ethers read it as milliseconds.
    expect(refused.headers['retry-after']).toBeUndefined();
  });

  it('counts the cost of the whole call: a 60-credit eth_getLogs is refused where a 20-credit call passes', async () => {
    const holder = await keyHolder(server.app);
    await nearlySpent(holder, 499_950);
    server.clock.advance(1000);
    const logs = await rpc(server.app, holder.apiKey, call('eth_getLogs', 1, [{ fromBlock: '0x0', toBlock: 'latest' }]));
    expect(logs.statusCode).toBe(402);
    expect(rpcError(logs).code).toBe(-32005);
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
    expect((await rpc(server.app, holder.apiKey, call('eth_chainId'))).statusCode).toBe(402);
    clock.advance(31 * 24 * 3_600_000);
    const next = await rpc(server.app, holder.apiKey, call('eth_chainId'));
    expect(next.statusCode).toBe(200);
    await server.app.metering.flush();
    // The session expired meanwhile (a week): a new one.
    expect((await me(server.app, await login(server.app, holder.email))).currentCredit).toBe(20);
  });
});
