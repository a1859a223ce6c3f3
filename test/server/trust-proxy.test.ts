import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { call, keyHolder, rpc, type KeyHolder } from './gateway-harness';
import { bearer, goodPassword, uniqueEmail } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';

/**
 * TRUST_PROXY with WORKERS=1 (Fastify's request.ip): behind a trusted reverse proxy the client is
 * the hop its X-Forwarded-For names, for the gateway's IP allow-lists and the per-address login
 * limit alike; anyone else's header is ignored. (WORKERS=2: test/server/cluster-fast-path.test.ts.)
 */
const proxy = '10.1.2.3';
const allowed = '203.0.113.9';

let node: AnvilNode;
let behindProxy: TestApp;
let direct: TestApp;

beforeAll(async () => {
  node = await startTestAnvil();
  [behindProxy, direct] = await Promise.all([
    startTestApp({ UPSTREAM_MAINNET_URL: node.url, TRUST_PROXY: '10.0.0.0/8' }),
    startTestApp({ UPSTREAM_MAINNET_URL: node.url }),
  ]);
});
afterAll(async () => {
  await Promise.all([behindProxy?.close(), direct?.close()]);
  await node?.stop();
});
beforeEach(() => {
  behindProxy.clock.advance(1000);
  direct.clock.advance(1000);
});

async function allowOnly(server: TestApp, holder: KeyHolder, ip: string): Promise<void> {
  const response = await server.app.inject({
    method: 'PUT',
    url: '/api/accessControl',
    headers: bearer(holder.token),
    payload: { domains: [], ips: [ip], cidrs: [] },
  });
  expect(response.statusCode).toBe(200);
}

async function statusFrom(server: TestApp, holder: KeyHolder, remoteAddress: string, forwardedFor?: string): Promise<number> {
  const response = await rpc(server.app, holder.apiKey, call('eth_chainId'), {
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  return response.statusCode;
}

/** Wrong passwords for new e-mails each time, from `remoteAddress` with `forwardedFor(i)`, until a 429 or `limit` tries. */
async function failedLoginsUntilRefused(
  server: TestApp,
  remoteAddress: string,
  forwardedFor: (attempt: number) => string,
  limit: number,
): Promise<number | null> {
  for (let attempt = 0; attempt < limit; attempt += 1) {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor(attempt) },
      payload: { email: uniqueEmail('proxied'), password: `${goodPassword}-wrong` },
    });
    if (response.statusCode === 429) return attempt;
    expect(response.statusCode).toBe(401);
  }
  return null;
}

describe('TRUST_PROXY, WORKERS=1', () => {
  it('checks allowed IPs against the client a trusted proxy names, never against what a client claims', async () => {
    const holder = await keyHolder(behindProxy.app);
    await allowOnly(behindProxy, holder, allowed);
    expect(await statusFrom(behindProxy, holder, proxy, allowed)).toBe(200);
    expect(await statusFrom(behindProxy, holder, proxy, `198.51.100.7, 10.9.9.9`)).toBe(403);
    // The client put the allowed address in its own header; the proxy appended the real one.
    expect(await statusFrom(behindProxy, holder, proxy, `${allowed}, 198.51.100.7`)).toBe(403);
    // Not through the proxy: the header is the client's own.
    expect(await statusFrom(behindProxy, holder, '198.51.100.7', allowed)).toBe(403);
    expect(await statusFrom(behindProxy, holder, allowed, '198.51.100.7')).toBe(200);
  });

  it('reads no X-Forwarded-For without TRUST_PROXY', async () => {
    const holder = await keyHolder(direct.app);
    await allowOnly(direct, holder, allowed);
    expect(await statusFrom(direct, holder, proxy, allowed)).toBe(403);
    expect(await statusFrom(direct, holder, allowed, '198.51.100.7')).toBe(200);
  });

  it("limits failed logins per client behind the proxy, not per proxy, and ignores a direct client's header", async () => {
    const limit = await failedLoginsUntilRefused(behindProxy, '198.51.100.20', (attempt) => `192.0.2.${attempt}`, 200);
    expect(limit).not.toBeNull();
    const perClient = await failedLoginsUntilRefused(behindProxy, proxy, (attempt) => `192.0.2.${attempt}`, (limit ?? 0) + 5);
    expect(perClient).toBeNull();
    expect(await failedLoginsUntilRefused(behindProxy, proxy, () => '198.51.100.30', 200)).toBe(limit);
  });
});
