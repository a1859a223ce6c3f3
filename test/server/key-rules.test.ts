import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { ACCESS_MESSAGES } from '@/domain/access-control';
import { KEY_RULE_MESSAGES } from '@/domain/key-rules';
import { bearer, signedInUser } from './helpers/accounts';
import { keyCalls } from './helpers/key-calls';
import { startTestApp, type TestApp } from './helpers/test-app';
import { PROJECT_RULES } from '@/domain/key-rules';

type KeyRules = components['schemas']['KeyRules'];

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const projectRules: KeyRules = { ...PROJECT_RULES, domains: null, ips: null, cidrs: null, methods: [], contracts: [] };
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

/** One signed-in user's first key and its rules' operations. */
async function keyRulesOf(app: FastifyInstance, label = 'rules') {
  const { token } = await signedInUser(app, label);
  const headers = bearer(token);
  const [key] = await keyCalls(app, token).list();
  if (key === undefined) throw new Error('a new account has no key');
  return {
    token,
    key,
    get: (id: number | string = key.id) => app.inject({ method: 'GET', url: `/api/apiKeys/${id}/rules`, headers }),
    put: (payload: unknown, id: number | string = key.id) =>
      app.inject({
        method: 'PUT',
        url: `/api/apiKeys/${id}/rules`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
  };
}

describe('GET and PUT /api/apiKeys/{id}/rules', () => {
  it("answers the project's rules for a key that has none of its own", async () => {
    const user = await keyRulesOf(server.app);
    const answer = await user.get();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(projectRules);
  });

  it("saves every list normalised, keeps null lists as the project's, and answers what is stored", async () => {
    const user = await keyRulesOf(server.app);
    const saved = await user.put({
      domains: [' App.Example.COM '],
      ips: null,
      cidrs: [],
      allowNoOrigin: true,
      methods: [' eth_call', 'eth_subscribe'],
      contracts: [` ${CONTRACT} `],
      creditsPerDay: null,
      creditsPerCycle: null,
    });
    const expected: KeyRules = {
      domains: ['app.example.com'],
      ips: null,
      cidrs: [],
      allowNoOrigin: true,
      methods: ['eth_call', 'eth_subscribe'],
      contracts: [CONTRACT.toLowerCase()],
      creditsPerDay: null,
      creditsPerCycle: null,
    };
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(expected);
    expect((await user.get()).json()).toEqual(expected);
    // Back to the project's.
    expect((await user.put(projectRules)).json()).toEqual(projectRules);
  });

  it('refuses a save with any bad value, naming each, and keeps what was stored', async () => {
    const user = await keyRulesOf(server.app);
    await user.put({ ...projectRules, methods: ['eth_call'] });
    const refused = await user.put({
      ...projectRules,
      domains: ['localhost'],
      methods: ['debug_traceCall', 'eth_call', 'eth_call'],
      contracts: ['0x1234'],
      creditsPerDay: null,
      creditsPerCycle: null,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toEqual([
      `domains: localhost: ${ACCESS_MESSAGES.localhost}`,
      `methods: debug_traceCall: ${KEY_RULE_MESSAGES.method}`,
      `methods: eth_call: ${ACCESS_MESSAGES.duplicate}`,
      `contracts: 0x1234: ${KEY_RULE_MESSAGES.contract}`,
    ]);
    expect((await user.get()).json()).toEqual({ ...projectRules, methods: ['eth_call'] });
  });

  it.each([
    ['a missing list', { domains: null, ips: null, cidrs: null, allowNoOrigin: null, methods: [] }],
    ['an unknown field', { ...projectRules, rate: 5 }],
    ['a list of numbers', { ...projectRules, methods: [1] }],
    ['null methods', { ...projectRules, methods: null }],
    ['too many values', { ...projectRules, contracts: Array.from({ length: 101 }, () => CONTRACT) }],
    ['a huge value', { ...projectRules, methods: ['x'.repeat(10_000)] }],
  ])('refuses %s with 400', async (_, payload) => {
    const user = await keyRulesOf(server.app);
    expect((await user.put(payload)).statusCode).toBe(400);
  });

  it("answers 404 for another user's key and for none, and changes nothing of it", async () => {
    const owner = await keyRulesOf(server.app, 'owner');
    const other = await keyRulesOf(server.app, 'other');
    expect((await other.get(owner.key.id)).statusCode).toBe(404);
    expect((await other.put({ ...projectRules, domains: ['evil.example'] }, owner.key.id)).statusCode).toBe(404);
    expect((await owner.get()).json()).toEqual(projectRules);
    expect((await other.get(2_000_000_000)).statusCode).toBe(404);
    expect((await other.get('abc')).statusCode).toBe(400);
  });

  it('goes with its key', async () => {
    const user = await keyRulesOf(server.app);
    await user.put({ ...projectRules, methods: ['eth_call'] });
    expect((await keyCalls(server.app, user.token).remove(user.key.id)).statusCode).toBe(204);
    expect((await user.get()).statusCode).toBe(404);
    const { rows } = await server.app.db.query('SELECT 1 FROM key_rules WHERE api_key_id = $1', [user.key.id]);
    expect(rows).toEqual([]);
  });

  it('saves 60 parallel puts of the same key whole: the last stored is one of them', async () => {
    const user = await keyRulesOf(server.app);
    const bodies = Array.from({ length: 60 }, (_, index) => ({ ...projectRules, domains: [`app${index}.example.com`] }));
    const answers = await Promise.all(bodies.map((body) => user.put(body)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const stored: KeyRules = (await user.get()).json();
    expect(bodies).toContainEqual(stored);
  });

  it('needs a signed-in user', async () => {
    const answer = await server.app.inject({ method: 'GET', url: '/api/apiKeys/1/rules' });
    expect(answer.statusCode).toBe(401);
  });
});
