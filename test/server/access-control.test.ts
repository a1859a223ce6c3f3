import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { ACCESS_KINDS, normalizeAccessValue, type AccessKind } from '@/domain/access-control';
import { objectAt } from '@server/openapi/json';
import { blankValues, DUPLICATE, duplicateCases, EMPTY, valueCases } from '../domain/access-control-cases';
import { bearer, signedInUser } from './helpers/accounts';
import { apiOperations } from './helpers/bearer-operations';
import { startTestApp, type TestApp } from './helpers/test-app';

type AccessControl = components['schemas']['AccessControl'];

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const none: AccessControl = { domains: [], ips: [], cidrs: [], allowNoOrigin: false };

async function accessCalls(app: FastifyInstance) {
  const headers = bearer((await signedInUser(app)).token);
  return {
    get: async (): Promise<AccessControl> => (await app.inject({ method: 'GET', url: '/api/accessControl', headers })).json(),
    put: (payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: '/api/accessControl', headers, payload }),
  };
}

describe('GET and PUT /api/accessControl', () => {
  it('answers empty lists before anything is saved', async () => {
    const user = await accessCalls(server.app);
    expect(await user.get()).toEqual(none);
  });

  it('saves the lists trimmed, domains and IPv6 in lower case, and answers them', async () => {
    const user = await accessCalls(server.app);
    const answer = await user.put({
      domains: ['  App.Example.COM ', 'example.org'],
      ips: ['203.0.113.7', ' 2001:0DB8:0000:0000:0000:0000:0000:0001 '],
      cidrs: ['10.0.0.0/8', '192.168.1.0/24'],
    });
    const saved = {
      domains: ['app.example.com', 'example.org'],
      ips: ['203.0.113.7', '2001:db8:0:0:0:0:0:1'],
      cidrs: ['10.0.0.0/8', '192.168.1.0/24'],
      allowNoOrigin: false,
    };
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(saved);
    expect(await user.get()).toEqual(saved);

    expect((await user.put(none)).json()).toEqual(none);
    expect(await user.get()).toEqual(none);
  });

  /** The 400 message for a refused value: '{list}: {value as typed, trimmed}: {the SPA's message}'. */
  const refusal = (kind: AccessKind, value: string, message: string) =>
    value.trim() === '' ? `${kind}: ${message}` : `${kind}: ${value.trim()}: ${message}`;

  /** The contract's maxLength of a list's values: longer ones are refused before the SPA's rules run. */
  const maxLength = (kind: AccessKind) => {
    const put = apiOperations().find((operation) => operation.operationId === 'putAccessControl');
    const length = objectAt(objectAt(objectAt(put?.body?.schema, 'properties'), kind), 'items')?.maxLength;
    if (typeof length !== 'number') throw new Error(`openapi.yaml gives ${kind} values no maxLength`);
    return length;
  };

  /** Each case of the SPA's own tables (test/domain/access-control-cases.ts), as a PUT of one list. */
  const domainRules = [
    ...ACCESS_KINDS.flatMap((kind) => blankValues.map((value) => ({ kind, values: [value], message: EMPTY }))),
    ...ACCESS_KINDS.flatMap((kind) => valueCases[kind].map(([value, message]) => ({ kind, values: [value], message }))),
    ...duplicateCases.map(([kind, value, existing]) => ({ kind, values: [...existing, value], message: DUPLICATE })),
  ];
  for (const { kind, values, message } of domainRules) {
    const value = values.at(-1) ?? '';
    it(`${kind} ${JSON.stringify(values)}: as the SPA, ${message === null ? 'saves it' : `refuses it with '${message}', saving nothing`}`, async () => {
      const user = await accessCalls(server.app);
      const answer = await user.put({ ...none, [kind]: values });
      if (value.length > maxLength(kind)) {
        expect(answer.json()).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: `body/${kind}/${values.length - 1} must NOT have more than ${maxLength(kind)} characters`,
        });
      } else if (message === null) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ ...none, [kind]: values.map((each) => normalizeAccessValue(kind, each)) });
        return;
      } else {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: [refusal(kind, value, message)] });
      }
      expect(await user.get()).toEqual(none);
    });
  }

  it('stores whether calls without an Origin pass Allowed Domains (false until chosen), and keeps it when a save leaves it out', async () => {
    const user = await accessCalls(server.app);
    expect((await user.get()).allowNoOrigin).toBe(false);
    const turnedOn = await user.put({ domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true });
    expect(turnedOn.json()).toEqual({ domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true });
    expect(await user.get()).toEqual({ domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true });
    const listsOnly = await user.put({ domains: ['example.org'], ips: [], cidrs: [] });
    expect(listsOnly.json()).toEqual({ domains: ['example.org'], ips: [], cidrs: [], allowNoOrigin: true });
    expect((await user.put({ ...none, allowNoOrigin: 'yes' })).statusCode).toBe(400);
    await user.put({ domains: ['example.org'], ips: [], cidrs: [], allowNoOrigin: false });
    expect((await user.get()).allowNoOrigin).toBe(false);
  });

  it('answers false for a new user who saves lists without the choice', async () => {
    const user = await accessCalls(server.app);
    expect((await user.put({ domains: ['example.com'], ips: [], cidrs: [] })).json()).toMatchObject({ allowNoOrigin: false });
  });

  it('names every refused value of every list at once, and keeps the lists saved before', async () => {
    const user = await accessCalls(server.app);
    const before = { domains: ['example.com'], ips: [], cidrs: [], allowNoOrigin: true };
    await user.put(before);
    const answer = await user.put({ domains: ['localhost', 'ok.example.com'], ips: ['1.2.3'], cidrs: ['1.2.3.4/40'] });
    expect(answer.json()).toMatchObject({
      message: [
        'domains: localhost: "localhost" is not a valid domain in this context',
        'ips: 1.2.3: Please enter a valid IP address',
        'cidrs: 1.2.3.4/40: Please enter a valid CIDR notation',
      ],
    });
    expect(await user.get()).toEqual(before);
  });

  it('refuses unknown fields, a missing list and non-string values with 400', async () => {
    const user = await accessCalls(server.app);
    const unknown = await user.put({ ...none, ports: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'body/ports is not an allowed field' });
    const missing = await user.put({ domains: [], ips: [] });
    expect(missing.json()).toMatchObject({ statusCode: 400, message: 'body/cidrs is required' });
    expect((await user.put({ ...none, ips: [7] })).statusCode).toBe(400);
    expect((await user.put({ ...none, domains: Array.from({ length: 101 }, (_, i) => `d${i}.example.com`) })).statusCode).toBe(400);
    expect(await user.get()).toEqual(none);
  });

  it("leaves another user's lists alone", async () => {
    const alice = await accessCalls(server.app);
    const bob = await accessCalls(server.app);
    const aliceLists = { domains: ['alice.example.com'], ips: ['198.51.100.1'], cidrs: [], allowNoOrigin: true };
    await alice.put(aliceLists);
    expect(await bob.get()).toEqual(none);
    await bob.put({ domains: [], ips: [], cidrs: ['192.0.2.0/24'], allowNoOrigin: false });
    expect(await alice.get()).toEqual(aliceLists);
  });
});
