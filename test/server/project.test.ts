import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { DEFAULT_PROJECT_NAME, PROJECT_NAME_BLANK, PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_TOO_LONG } from '@/domain/project-settings';
import { AUTOSCALING_FREE_TEXT, AUTOSCALING_INITIAL } from '@/domain/autoscaling';
import { keyHolder, putOnPlan } from './gateway-harness';
import { bearer, signedInUser } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';

type Project = components['schemas']['Project'];

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

async function projectCalls(app: FastifyInstance) {
  const headers = bearer((await signedInUser(app, 'project')).token);
  return {
    get: async (): Promise<Project> => (await app.inject({ method: 'GET', url: '/api/project', headers })).json(),
    rename: (payload: unknown) =>
      app.inject({
        method: 'PATCH',
        url: '/api/project',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      }),
  };
}

describe('GET and PATCH /api/project', () => {
  it("answers the default name and the user's project ID before any rename", async () => {
    const user = await projectCalls(server.app);
    const project = await user.get();
    expect(project.name).toBe(DEFAULT_PROJECT_NAME);
    expect(project.id).toMatch(/^prj_\d+$/);
  });

  it('stores the name trimmed and answers it, and later reads (another browser) get it', async () => {
    const user = await projectCalls(server.app);
    const before = await user.get();
    const answer = await user.rename({ name: '  Mainnet indexer  ' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...before, name: 'Mainnet indexer' });
    expect(await user.get()).toEqual({ ...before, name: 'Mainnet indexer' });
  });

  it('takes a name of exactly the longest length', async () => {
    const user = await projectCalls(server.app);
    const longest = 'n'.repeat(PROJECT_NAME_MAX_LENGTH);
    expect((await user.rename({ name: ` ${longest} ` })).json()).toMatchObject({ name: longest });
  });

  it.each([
    ['empty', '', PROJECT_NAME_BLANK],
    ['spaces only', '   \t ', PROJECT_NAME_BLANK],
    ['one character too long', 'x'.repeat(PROJECT_NAME_MAX_LENGTH + 1), PROJECT_NAME_TOO_LONG],
    ['turned around by a right-to-left override', 'Invoices\u202Efdp.exe', NAME_HIDDEN_CHARACTERS],
    ['holding a control character', 'Bell\u0007ringer', NAME_HIDDEN_CHARACTERS],
    ['holding a zero width space', 'Pay\u200Bments', NAME_HIDDEN_CHARACTERS],
  ])('refuses a name that is %s with 400 and its text, and keeps the stored name', async (_case, name, message) => {
    const user = await projectCalls(server.app);
    await user.rename({ name: 'Kept' });
    const answer = await user.rename({ name });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, message });
    expect((await user.get()).name).toBe('Kept');
  });

  it.each([
    ['no name', {}],
    ['a name that is not a string', { name: 42 }],
    ['a field the contract does not have', { name: 'Ok', owner: 'someone' }],
    ['a name far too long for the body schema', { name: 'x'.repeat(5000) }],
    ['not an object', ['Ok']],
  ])('refuses a body with %s with 400, never a 500', async (_case, payload) => {
    const user = await projectCalls(server.app);
    const answer = await user.rename(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it("never shows another user's project: each account reads and renames its own", async () => {
    const ada = await projectCalls(server.app);
    const bob = await projectCalls(server.app);
    await ada.rename({ name: 'Ada private' });
    const bobs = await bob.get();
    expect(bobs.name).toBe(DEFAULT_PROJECT_NAME);
    expect(bobs.id).not.toBe((await ada.get()).id);
    await bob.rename({ name: 'Bob project' });
    expect((await ada.get()).name).toBe('Ada private');
    expect((await bob.get()).name).toBe('Bob project');
  });
});

describe('PUT /api/project/autoscaling', () => {
  async function autoscalingCalls(plan: 'Free' | 'Developer') {
    const holder = await keyHolder(server.app, 'autoscaling');
    if (plan !== 'Free') await putOnPlan(server.app, server.clock, holder.userId, plan);
    const headers = bearer(holder.token);
    return {
      get: async (): Promise<Project> => (await server.app.inject({ method: 'GET', url: '/api/project', headers })).json(),
      put: (payload: unknown) =>
        server.app.inject({
          method: 'PUT',
          url: '/api/project/autoscaling',
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        }),
    };
  }

  it('answers disabled at 25 % until saved, then what was saved, with the project', async () => {
    const user = await autoscalingCalls('Developer');
    expect((await user.get()).autoscaling).toEqual({ enabled: false, percent: AUTOSCALING_INITIAL });
    const saved = await user.put({ enabled: true, percent: 60 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ enabled: true, percent: 60 });
    expect((await user.get()).autoscaling).toEqual({ enabled: true, percent: 60 });
    await user.put({ enabled: false, percent: 0 });
    expect((await user.get()).autoscaling).toEqual({ enabled: false, percent: 0 });
    await user.put({ enabled: true, percent: 100 });
    expect((await user.get()).autoscaling).toEqual({ enabled: true, percent: 100 });
  });

  it('refuses enabling on a free plan with 403 and the reason, storing nothing; saving it disabled is accepted', async () => {
    const user = await autoscalingCalls('Free');
    const refused = await user.put({ enabled: true, percent: 40 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: AUTOSCALING_FREE_TEXT });
    expect((await user.get()).autoscaling).toEqual({ enabled: false, percent: AUTOSCALING_INITIAL });
    const disabled = await user.put({ enabled: false, percent: 40 });
    expect(disabled.statusCode).toBe(200);
    expect((await user.get()).autoscaling).toEqual({ enabled: false, percent: 40 });
  });

  it.each([
    ['above 100', { enabled: true, percent: 101 }, 'body/percent must be <= 100'],
    ['below 0', { enabled: true, percent: -1 }, 'body/percent must be >= 0'],
    ['not whole', { enabled: true, percent: 25.5 }, 'body/percent must be integer'],
    ['a string', { enabled: true, percent: 'lots' }, 'body/percent must be integer'],
    ['missing', { enabled: true }, 'body/percent is required'],
    ['with a field the contract does not have', { enabled: true, percent: 5, premium: 20 }, 'body/premium is not an allowed field'],
  ])('refuses a percentage %s with 400 and a clear message, storing nothing', async (_case, payload, message) => {
    const user = await autoscalingCalls('Developer');
    const answer = await user.put(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
    expect((await user.get()).autoscaling).toEqual({ enabled: false, percent: AUTOSCALING_INITIAL });
  });

  it("changes only the signed-in user's project", async () => {
    const ada = await autoscalingCalls('Developer');
    const bob = await autoscalingCalls('Developer');
    await ada.put({ enabled: true, percent: 80 });
    expect((await bob.get()).autoscaling).toEqual({ enabled: false, percent: AUTOSCALING_INITIAL });
    await bob.put({ enabled: true, percent: 5 });
    expect((await ada.get()).autoscaling).toEqual({ enabled: true, percent: 80 });
  });

  it('refuses a call without a session with 401', async () => {
    const answer = await server.app.inject({ method: 'PUT', url: '/api/project/autoscaling', payload: { enabled: false, percent: 1 } });
    expect(answer.statusCode).toBe(401);
  });
});
