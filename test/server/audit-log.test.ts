import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskKey } from '@/domain/key-display';
import { DEFAULT_CREDIT_ALERTS } from '@/domain/usage-alerts';
import { AUTOSCALING_INITIAL } from '@/domain/autoscaling';
import { DEFAULT_PROJECT_NAME, projectIdFor } from '@/domain/project-settings';
import { bearer } from './helpers/accounts';
import { auditLog, newestEntry } from './helpers/audit';
import { startTestApp, type TestApp } from './helpers/test-app';
import { keyHolder, putOnPlan, type KeyHolder } from './gateway-harness';

/** Each change a member makes through the API lands in their project's audit log, and nothing else does. */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const clientAddress = '203.0.113.77';
const maskedAddress = '203.0.113.0/24';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request of `holder` from `clientAddress`. */
function send(app: FastifyInstance, holder: KeyHolder, method: Method, url: string, payload?: unknown) {
  return app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(holder.token),
    remoteAddress: clientAddress,
    payload: payload ?? undefined,
  });
}

const member = (holder: KeyHolder) => ({ type: 'user', email: holder.email });

describe('what each change records', () => {
  it('a key created, renamed and deleted: by whom, when, from the masked address, named without its secret', async () => {
    const ada = await keyHolder(server.app, 'audit-keys');
    expect((await auditLog(server.app, ada.token)).entries).toEqual([]);
    const created = await send(server.app, ada, 'POST', '/apiKeys', { name: 'Indexer' });
    expect(created.statusCode).toBe(201);
    const key = created.json<{ id: number; apiKey: string }>();
    const target = { type: 'key', id: String(key.id), name: 'Indexer', maskedKey: maskKey(key.apiKey) };
    expect(await newestEntry(server.app, ada.token)).toEqual({
      id: expect.any(Number),
      at: server.clock.now().toISOString(),
      actor: member(ada),
      clientAddress: maskedAddress,
      action: 'key.created',
      target,
      changes: { name: { after: 'Indexer' } },
    });
    expect((await send(server.app, ada, 'PATCH', `/apiKeys/${key.id}`, { name: 'Prod' })).statusCode).toBe(200);
    expect((await send(server.app, ada, 'DELETE', `/apiKeys/${key.id}`)).statusCode).toBe(204);
    const page = await auditLog(server.app, ada.token);
    expect(page.entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['key.deleted', { name: { before: 'Prod' } }],
      ['key.renamed', { name: { before: 'Indexer', after: 'Prod' } }],
      ['key.created', { name: { after: 'Indexer' } }],
    ]);
    expect(page.entries[0]?.target).toEqual({ ...target, name: 'Prod' });
    expect(JSON.stringify(page)).not.toContain(key.apiKey);
  });

  it('access rules, project name, autoscaling, alerts and the request log switch, each with before and after', async () => {
    const ada = await keyHolder(server.app, 'audit-settings');
    await putOnPlan(server.app, server.clock, ada.userId, 'Developer');
    await send(server.app, ada, 'PUT', '/accessControl', { domains: ['dapp.example'], ips: [], cidrs: [] });
    await send(server.app, ada, 'PATCH', '/project', { name: 'Indexer' });
    await send(server.app, ada, 'PUT', '/project/autoscaling', { enabled: true, percent: 60 });
    await send(server.app, ada, 'PUT', '/users/alerts', { creditThresholds: [50], errorRate: false });
    const keyId = (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(ada.token) })).json<
      Array<{ id: number }>
    >()[0]?.id;
    await send(server.app, ada, 'PUT', `/apiKeys/${keyId}/requestLog`, { enabled: false });
    const { entries } = await auditLog(server.app, ada.token);
    expect(entries.map(({ action, target, changes }) => ({ action, target: target.name, changes }))).toEqual([
      { action: 'key.request_log_switched', target: expect.any(String), changes: { requestLog: { before: true, after: false } } },
      {
        action: 'alerts.updated',
        target: 'Indexer',
        changes: { creditThresholds: { before: [...DEFAULT_CREDIT_ALERTS], after: [50] }, errorRate: { before: true, after: false } },
      },
      {
        action: 'autoscaling.updated',
        target: 'Indexer',
        changes: { enabled: { before: false, after: true }, percent: { before: AUTOSCALING_INITIAL, after: 60 } },
      },
      { action: 'project.renamed', target: 'Indexer', changes: { name: { before: DEFAULT_PROJECT_NAME, after: 'Indexer' } } },
      { action: 'access_rules.updated', target: DEFAULT_PROJECT_NAME, changes: { domains: { before: [], after: ['dapp.example'] } } },
      // The operator's command (npm run admin -- set-plan): the system's, from no address.
      { action: 'plan.changed', target: DEFAULT_PROJECT_NAME, changes: expect.objectContaining({ cause: { after: 'operator' } }) },
    ]);
    expect(entries.slice(0, -1).every((entry) => entry.clientAddress === maskedAddress && entry.actor.email === ada.email)).toBe(true);
    expect(entries.at(-1)).toMatchObject({
      actor: { type: 'system', email: null },
      clientAddress: null,
      target: { id: projectIdFor(ada.userId) },
    });
    expect(entries.at(-1)?.changes).toMatchObject({ plan: { before: 'Free', after: 'Developer' } });
  });

  it('records nothing for a refused, invalid or unchanged request', async () => {
    const bob = await keyHolder(server.app, 'audit-refused');
    const keyId = (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(bob.token) })).json<
      Array<{ id: number; name: string }>
    >()[0];
    const answers = [
      await send(server.app, bob, 'PATCH', `/apiKeys/${keyId?.id}`, { name: '   ' }),
      await send(server.app, bob, 'PATCH', '/apiKeys/2147483647', { name: 'Stolen' }),
      await send(server.app, bob, 'PATCH', `/apiKeys/${keyId?.id}`, { name: keyId?.name }),
      await send(server.app, bob, 'DELETE', '/apiKeys/2147483647'),
      await send(server.app, bob, 'PUT', '/accessControl', { domains: ['localhost'], ips: [], cidrs: [] }),
      await send(server.app, bob, 'PUT', '/accessControl', { domains: [], ips: [], cidrs: [] }),
      await send(server.app, bob, 'PATCH', '/project', { name: '' }),
      await send(server.app, bob, 'PUT', '/project/autoscaling', { enabled: true, percent: 60 }),
      await send(server.app, bob, 'PUT', '/users/alerts', { creditThresholds: [60], errorRate: false }),
      await send(server.app, bob, 'PUT', `/apiKeys/${keyId?.id}/requestLog`, { enabled: false }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 404, 200, 404, 400, 200, 400, 403, 400, 403]);
    expect((await auditLog(server.app, bob.token)).entries).toEqual([]);
  });

  it("never shows another member's project", async () => {
    const ada = await keyHolder(server.app, 'audit-ada');
    const eve = await keyHolder(server.app, 'audit-eve');
    await send(server.app, ada, 'PATCH', '/project', { name: 'Ada private' });
    expect((await auditLog(server.app, eve.token)).entries).toEqual([]);
    expect((await auditLog(server.app, eve.token, `actor=${encodeURIComponent(ada.email)}`)).entries).toEqual([]);
    expect((await auditLog(server.app, ada.token)).entries).toHaveLength(1);
  });
});

describe('GET /auditLog: filters and pages', () => {
  it('filters by group, action, actor and time, and pages newest first with a cursor', async () => {
    const ada = await keyHolder(server.app, 'audit-filters');
    const start = server.clock.now();
    for (const name of ['One', 'Two', 'Three']) {
      await send(server.app, ada, 'PATCH', '/project', { name });
      server.clock.advance(60_000);
    }
    await send(server.app, ada, 'POST', '/apiKeys', { name: 'Extra' });
    const actions = async (query: string) => (await auditLog(server.app, ada.token, query)).entries.map((entry) => entry.action);
    expect(await actions('group=keys')).toEqual(['key.created']);
    expect(await actions('action=project.renamed')).toEqual(['project.renamed', 'project.renamed', 'project.renamed']);
    expect(await actions('group=project&action=project.renamed&limit=1')).toEqual(['project.renamed']);
    expect(await actions(`actor=${encodeURIComponent(ada.email.toUpperCase())}&group=keys`)).toEqual(['key.created']);
    expect(await actions('actor=system')).toEqual([]);
    const minute = (n: number) => new Date(start.getTime() + n * 60_000).toISOString();
    const between = await auditLog(server.app, ada.token, `from=${minute(1)}&to=${minute(3)}`);
    expect(between.entries.map((entry) => entry.changes.name?.after)).toEqual(['Three', 'Two']);

    const first = await auditLog(server.app, ada.token, 'limit=2');
    expect(first.entries.map((entry) => entry.action)).toEqual(['key.created', 'project.renamed']);
    expect(first.nextCursor).toMatch(/^\d+_\d+$/);
    const second = await auditLog(server.app, ada.token, `limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((entry) => entry.changes.name?.after)).toEqual(['Two', 'One']);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['a limit of 0', 'limit=0'],
    ['a limit that is not a number', 'limit=ten'],
    ['a malformed cursor', 'cursor=x'],
    ['an unknown action', 'action=key.exploded'],
    ['an unknown group', 'group=teams'],
    ['an action outside its group', 'group=keys&action=plan.changed'],
    ['an empty actor', 'actor='],
    ['a date that is not one', 'from=yesterday'],
    ['a range that ends before it starts', 'from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z'],
  ])('answers %s with 400 and a message, never a 500', async (_case, query) => {
    const ada = await keyHolder(server.app, 'audit-bad');
    const answer = await server.app.inject({ method: 'GET', url: `/api/auditLog?${query}`, headers: bearer(ada.token) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
  });

  it('answers 401 without a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/auditLog' })).statusCode).toBe(401);
  });
});
