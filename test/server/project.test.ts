import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { DEFAULT_PROJECT_NAME, PROJECT_NAME_BLANK, PROJECT_NAME_MAX_LENGTH, PROJECT_NAME_TOO_LONG } from '@/domain/project-settings';
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
    expect(answer.json()).toEqual({ id: before.id, name: 'Mainnet indexer' });
    expect(await user.get()).toEqual({ id: before.id, name: 'Mainnet indexer' });
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
