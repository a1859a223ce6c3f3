import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { blankKeyName, keyLimitReached } from '@server/handlers/api-keys';
import { signedInUser } from './helpers/accounts';
import { keyCalls, setPlan, type ApiKey } from './helpers/key-calls';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const recognisableKey = /^rpk_[0-9A-Za-z]{32}$/;

describe('POST /api/apiKeys', () => {
  it('creates keys up to the Free maxKey of 3 (register made the first), then answers 429 with the SPEC.md text', async () => {
    const { token } = await signedInUser(server.app);
    const keys = keyCalls(server.app, token);

    const second = await keys.create();
    expect(second.statusCode).toBe(201);
    const created: ApiKey = second.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Key 2',
      apiKey: expect.stringMatching(recognisableKey),
      createdAt: expect.any(String),
      environment: null,
      expiresAt: null,
      previousKey: null,
      previousKeyUntil: null,
    });
    const third = await keys.create({ name: '  Staging  ' });
    expect(third.statusCode).toBe(201);
    expect(third.json()).toMatchObject({ name: 'Staging' });

    const refused = await keys.create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: keyLimitReached });
    expect((await keys.list()).map((key) => key.name)).toEqual(['Default key', 'Key 2', 'Staging']);
  });

  it('gives every key its own random value with the rpk_ prefix', async () => {
    const { email, token } = await signedInUser(server.app);
    await setPlan(server.app, email, 'Enterprise');
    const keys = keyCalls(server.app, token);
    for (let i = 0; i < 5; i += 1) expect((await keys.create()).statusCode).toBe(201);
    const values = (await keys.list()).map((key) => key.apiKey);
    expect(values).toHaveLength(6);
    expect(new Set(values).size).toBe(6);
    for (const value of values) expect(value).toMatch(recognisableKey);
  });

  it('has no count limit on a plan whose maxKey is null (Professional)', async () => {
    const { email, token } = await signedInUser(server.app);
    await setPlan(server.app, email, 'Professional');
    const keys = keyCalls(server.app, token);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await keys.create()).statusCode);
    expect(statuses).toEqual(Array(6).fill(201));
    expect((await keys.list()).map((key) => key.name)).toEqual(['Default key', 'Key 2', 'Key 3', 'Key 4', 'Key 5', 'Key 6', 'Key 7']);
  });

  it('lets only as many simultaneous creations through as the plan has room for', async () => {
    const { token } = await signedInUser(server.app);
    const keys = keyCalls(server.app, token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => keys.create()));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(await keys.list()).toHaveLength(3);
  });

  it('numbers a default name past the names already in use', async () => {
    const { email, token } = await signedInUser(server.app);
    await setPlan(server.app, email, 'Professional');
    const keys = keyCalls(server.app, token);
    await keys.create();
    await keys.create();
    const [first] = await keys.list();
    if (first === undefined) throw new Error('the user has no key');
    expect((await keys.remove(first.id)).statusCode).toBe(204);
    // Two keys left ('Key 2', 'Key 3'): the next number, 3, is taken.
    expect((await keys.create()).json()).toMatchObject({ name: 'Key 4' });
  });

  it('refuses a blank name and unknown fields with 400, creating nothing', async () => {
    const { token } = await signedInUser(server.app);
    const keys = keyCalls(server.app, token);
    for (const name of ['', '   ', '\t\n']) {
      const blank = await keys.create({ name });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ message: blankKeyName });
    }
    for (const name of ['CI\u202Eexe', 'bell\u0007', '\u2067isolated']) {
      const hidden = await keys.create({ name });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json()).toMatchObject({ message: NAME_HIDDEN_CHARACTERS });
    }
    const unknown = await keys.create({ name: 'CI', environment: 'MAINNET' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'body/environment is not an allowed field' });
    expect(await keys.list()).toHaveLength(1);
  });
});
