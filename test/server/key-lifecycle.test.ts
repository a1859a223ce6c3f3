import { describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { API_KEY_PATTERN, EXPIRY_IN_PAST } from '@/domain/key-lifecycle';
import { WEBSOCKET_CLOSES } from '@/domain/websocket-protocol';
import { bearer } from './helpers/accounts';
import { keyCalls } from './helpers/key-calls';
import { rawClient } from './helpers/ws-client';
import { call, keyHolder, rpc, rpcError, setUpGatewayApp, type KeyHolder } from './gateway-harness';
import { PROJECT_RULES } from '@/domain/key-rules';

type ApiKey = components['schemas']['ApiKey'];

const server = setUpGatewayApp({ fullBucketEachTest: true });
const HOUR = 60 * 60 * 1000;

async function firstKey(holder: KeyHolder): Promise<ApiKey> {
  const [key] = await keyCalls(server.app, holder.token).list();
  if (key === undefined) throw new Error('no key');
  return key;
}

function roll(holder: KeyHolder, id: number | string, grace: unknown) {
  return server.app.inject({ method: 'POST', url: `/api/apiKeys/${id}/roll`, headers: bearer(holder.token), payload: { grace } });
}

function expire(holder: KeyHolder, id: number | string, expiresAt: unknown) {
  return server.app.inject({ method: 'PUT', url: `/api/apiKeys/${id}/expiry`, headers: bearer(holder.token), payload: { expiresAt } });
}

const status = async (apiKey: string) => (await rpc(server.app, apiKey, call('eth_chainId'))).statusCode;

describe('rolling a key', () => {
  it('with no grace: a new secret at once, the old one refused as unknown, the rest of the key kept', async () => {
    const holder = await keyHolder(server.app, 'roll-none');
    const before = await firstKey(holder);
    expect(await status(before.apiKey)).toBe(200);
    const answer = await roll(holder, before.id, 'none');
    expect(answer.statusCode).toBe(200);
    const rolled: ApiKey = answer.json();
    expect(rolled).toMatchObject({
      id: before.id,
      name: before.name,
      createdAt: before.createdAt,
      previousKey: null,
      previousKeyUntil: null,
    });
    expect(rolled.apiKey).toMatch(API_KEY_PATTERN);
    expect(rolled.apiKey).not.toBe(before.apiKey);
    expect(await status(before.apiKey)).toBe(401);
    expect(await status(rolled.apiKey)).toBe(200);
  });

  it('with a grace: both secrets work and are listed until it ends, then the old one stops', async () => {
    const holder = await keyHolder(server.app, 'roll-grace');
    const before = await firstKey(holder);
    const rolled: ApiKey = (await roll(holder, before.id, '1h')).json();
    const until = new Date(server.clock.now().getTime() + HOUR).toISOString();
    expect(rolled).toMatchObject({ previousKey: before.apiKey, previousKeyUntil: until });
    expect(await firstKey(holder)).toMatchObject({ apiKey: rolled.apiKey, previousKey: before.apiKey });
    expect(await status(before.apiKey)).toBe(200);
    expect(await status(rolled.apiKey)).toBe(200);
    server.clock.advance(HOUR - 1);
    expect(await status(before.apiKey)).toBe(200);
    server.clock.advance(1);
    // Cached a moment ago, refused now: the end is read on every call.
    const refused = await rpc(server.app, before.apiKey, call('eth_chainId', 4));
    expect(rpcError(refused)).toEqual({ id: 4, code: -32001, message: 'Invalid API key' });
    expect(await status(rolled.apiKey)).toBe(200);
    expect(await firstKey(holder)).toMatchObject({ apiKey: rolled.apiKey, previousKey: null, previousKeyUntil: null });
  });

  it('rolling again ends the older secret at once; 60 rolls at once leave one current and one previous secret', async () => {
    const holder = await keyHolder(server.app, 'roll-many');
    const first = await firstKey(holder);
    const answers = await Promise.all(Array.from({ length: 60 }, () => roll(holder, first.id, '24h')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const secrets = answers.map((answer) => answer.json<ApiKey>().apiKey);
    expect(new Set(secrets).size).toBe(60);
    const now = await firstKey(holder);
    expect(secrets).toContain(now.apiKey);
    const working = [];
    for (const secret of [first.apiKey, ...secrets]) if ((await status(secret)) === 200) working.push(secret);
    expect(working.sort()).toEqual([now.apiKey, now.previousKey].sort());
  });

  it("refuses another user's key, an unknown grace and a missing one, changing nothing", async () => {
    const owner = await keyHolder(server.app, 'roll-owner');
    const other = await keyHolder(server.app, 'roll-other');
    const key = await firstKey(owner);
    expect((await roll(other, key.id, 'none')).statusCode).toBe(404);
    expect((await roll(owner, key.id, '2d')).statusCode).toBe(400);
    expect((await roll(owner, key.id, undefined)).statusCode).toBe(400);
    expect((await roll(owner, 2_000_000_000, 'none')).statusCode).toBe(404);
    expect((await firstKey(owner)).apiKey).toBe(key.apiKey);
  });
});

describe('key expiry', () => {
  it('refuses the key from its expiry on, on HTTP and WebSocket, and can be cleared', async () => {
    const holder = await keyHolder(server.app, 'expiry');
    const key = await firstKey(holder);
    const at = new Date(server.clock.now().getTime() + HOUR);
    const saved = await expire(holder, key.id, at.toISOString());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: key.id, expiresAt: at.toISOString() });
    expect(await status(key.apiKey)).toBe(200);
    server.clock.advance(HOUR);
    const refused = await rpc(server.app, key.apiKey, call('eth_chainId', 'e'));
    expect(refused.statusCode).toBe(401);
    expect(rpcError(refused)).toEqual({
      id: 'e',
      code: -32001,
      message: `API key expired: this key stopped working at ${at.toISOString()}. Extend its expiry or use another key (API Keys page).`,
    });
    const cleared = await expire(holder, key.id, null);
    expect(cleared.json()).toMatchObject({ expiresAt: null });
    expect(await status(key.apiKey)).toBe(200);
  });

  it('closes an open WebSocket of the key once it expires', async () => {
    const holder = await keyHolder(server.app, 'expiry-ws');
    const key = await firstKey(holder);
    const base = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    const socket = await rawClient(`${base}/api/v1/mainnet/${key.apiKey}`);
    expect((await expire(holder, key.id, new Date(server.clock.now().getTime() + 1000).toISOString())).statusCode).toBe(200);
    server.clock.advance(1000);
    expect(await socket.closed).toEqual(WEBSOCKET_CLOSES.keyRevoked);
  });

  it.each([
    ['now', () => server.clock.now().toISOString(), EXPIRY_IN_PAST],
    ['the past', () => new Date(server.clock.now().getTime() - 1).toISOString(), EXPIRY_IN_PAST],
  ])('refuses %s', async (_, at, message) => {
    const holder = await keyHolder(server.app, 'expiry-past');
    const key = await firstKey(holder);
    const refused = await expire(holder, key.id, at());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(message);
  });

  it.each([['not a date'], [12], [undefined]])('refuses %j as an expiry', async (value) => {
    const holder = await keyHolder(server.app, 'expiry-bad');
    expect((await expire(holder, (await firstKey(holder)).id, value)).statusCode).toBe(400);
  });
});

describe('the audit log', () => {
  it("records a roll, an expiry change and a key's rules, never a secret", async () => {
    const holder = await keyHolder(server.app, 'audit-lifecycle');
    const key = await firstKey(holder);
    const rolled: ApiKey = (await roll(holder, key.id, '7d')).json();
    await expire(holder, key.id, new Date(server.clock.now().getTime() + HOUR).toISOString());
    const rules = { ...PROJECT_RULES, ips: ['203.0.113.7'] };
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/apiKeys/${key.id}/rules`,
      headers: bearer(holder.token),
      payload: rules,
    });
    expect(put.statusCode).toBe(200);
    // Saving the same rules again changes nothing, and records nothing.
    await server.app.inject({ method: 'PUT', url: `/api/apiKeys/${key.id}/rules`, headers: bearer(holder.token), payload: rules });
    const log = await server.app.inject({ method: 'GET', url: '/api/auditLog', headers: bearer(holder.token) });
    expect(log.statusCode).toBe(200);
    const entries: Array<{ action: string; changes: unknown }> = log.json().entries;
    expect(entries.map((entry) => entry.action)).toEqual(['key_rules.updated', 'key.expiry_changed', 'key.rolled']);
    expect(entries[0]?.changes).toEqual({ ips: { before: null, after: ['203.0.113.7'] } });
    expect(log.body).not.toContain(rolled.apiKey);
    expect(log.body).not.toContain(key.apiKey);
  });
});
