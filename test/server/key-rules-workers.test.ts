import { describe, expect, it } from 'vitest';
import { creditsFor } from '@/domain/credits';
import { PROJECT_RULES } from '@/domain/key-rules';
import { setUpTestAnvil } from '../support/anvil';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json } from './helpers/started-server';

/**
 * A key's own rules and its roll with WORKERS=2, as `npm start` runs it: the HTTP workers get each
 * key's lists from the main process and compile them themselves, and learn of a change within a
 * second. The node is a real anvil of the test's own.
 */
const anvil = setUpTestAnvil();
const server = setUpStartedAccount({ name: 'key-rules-workers', settings: () => ({ WORKERS: '2', ...anvil.upstream() }) });

async function status(apiKey: string, method: string, params: unknown[] = []): Promise<{ status: number; code: unknown }> {
  const response = await fetch(`${server.url}/api/v1/mainnet/${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body: unknown = JSON.parse(await response.text());
  return { status: response.status, code: response.ok ? null : field(field(body, 'error'), 'code') };
}

/** Calls until `done` holds; every worker hears of a change within a second (the test's own limit is the suite's). */
async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function api(method: string, path: string, body: unknown, expected = 200): Promise<unknown> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${method} ${path}`).toBe(expected);
  return json(response);
}

let rolledSecret: string | null = null;
const firstKeySecret = () => rolledSecret ?? server.apiKey;

describe("a key's own rules on the HTTP workers", () => {
  it('refuses the methods and contracts the key does not allow; a roll without grace ends the old secret', async () => {
    const keys = await fetch(`${server.url}/api/apiKeys`, { headers: { authorization: `Bearer ${server.token}` } });
    const listed = await json(keys);
    const id = field(Array.isArray(listed) ? listed[0] : undefined, 'id');
    if (typeof id !== 'number') throw new Error('no key');
    const key = { id };
    expect((await status(server.apiKey, 'eth_blockNumber')).status).toBe(200);
    const contract = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    await api('PUT', `/apiKeys/${key.id}/rules`, { ...PROJECT_RULES, methods: ['eth_chainId', 'eth_call'], contracts: [contract] });
    expect(
      await until(
        () => status(server.apiKey, 'eth_blockNumber'),
        (answer) => answer.status === 403,
      ),
    ).toEqual({ status: 403, code: -32002 });
    expect(await status(server.apiKey, 'eth_chainId')).toEqual({ status: 200, code: null });
    expect(await status(server.apiKey, 'eth_call', [{ to: contract }, 'latest'])).toEqual({ status: 200, code: null });
    expect(await status(server.apiKey, 'eth_call', [{ to: '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512' }, 'latest'])).toEqual({
      status: 403,
      code: -32002,
    });

    const rolled = await api('POST', `/apiKeys/${key.id}/roll`, { grace: 'none' });
    const secret = field(rolled, 'apiKey');
    if (typeof secret !== 'string') throw new Error('no new secret');
    rolledSecret = secret;
    expect(
      await until(
        () => status(server.apiKey, 'eth_chainId'),
        (answer) => answer.status === 401,
      ),
    ).toEqual({ status: 401, code: -32001 });
    expect(await status(secret, 'eth_chainId')).toEqual({ status: 200, code: null });
  });

  it("admits exactly a key's spend cap across both workers, then refuses with the key's own error", async () => {
    const created = await api('POST', '/apiKeys', { name: 'capped' }, 201);
    const id = field(created, 'id');
    const apiKey = field(created, 'apiKey');
    if (typeof id !== 'number' || typeof apiKey !== 'string') throw new Error('no key');
    const cost = creditsFor('eth_chainId');
    await api('PUT', `/apiKeys/${id}/rules`, { ...PROJECT_RULES, creditsPerCycle: 4 * cost });
    // 16 calls at once, on as many connections: the workers share them, and lease this key's credits apart.
    const answers = await Promise.all(Array.from({ length: 16 }, () => status(apiKey, 'eth_chainId')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 403 && answer.code === -32005)).toHaveLength(12);
    // The account's first key is not held by it.
    expect((await status(firstKeySecret(), 'eth_chainId')).status).toBe(200);
  });
});
