import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_HIDDEN_CHARACTERS } from '@/domain/name-characters';
import { blankKeyName, keyNotFound } from '@server/handlers/api-keys';
import { signedInUser } from './helpers/accounts';
import { keyCalls, type ApiKey } from './helpers/key-calls';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

/** Two users, each with the first key register made; the ids of the keys nobody has are above all of them. */
async function twoUsers() {
  const alice = keyCalls(server.app, (await signedInUser(server.app, 'alice')).token);
  const bob = keyCalls(server.app, (await signedInUser(server.app, 'bob')).token);
  return { alice, bob };
}

function only<T>(items: readonly T[]): T {
  if (items.length !== 1 || items[0] === undefined) throw new Error(`expected one item, got ${items.length}`);
  return items[0];
}

const unusedId = 2_147_483_647;
const notFoundAnswer = { statusCode: 404, error: 'Not Found', message: keyNotFound };

describe("a user's keys are their own", () => {
  it('lists only the keys of the signed-in user', async () => {
    const { alice, bob } = await twoUsers();
    await alice.create({ name: 'alice 2' });
    await bob.create({ name: 'bob 2' });
    const aliceKeys = await alice.list();
    const bobKeys = await bob.list();
    expect(aliceKeys.map((key) => key.name)).toEqual(['Default key', 'alice 2']);
    expect(bobKeys.map((key) => key.name)).toEqual(['Default key', 'bob 2']);
    const aliceIds = new Set(aliceKeys.map((key) => key.id));
    expect(bobKeys.filter((key) => aliceIds.has(key.id))).toEqual([]);
  });

  it('renames a key with the name trimmed', async () => {
    const { alice } = await twoUsers();
    const key = only(await alice.list());
    const answer = await alice.rename(key.id, '  Production  ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ...key, name: 'Production' });
    expect(await alice.list()).toEqual([{ ...key, name: 'Production' }]);
  });

  it('refuses a blank name with 400 and keeps the old one', async () => {
    const { alice } = await twoUsers();
    const key = only(await alice.list());
    for (const name of ['', '   ', '\t\n']) {
      const answer = await alice.rename(key.id, name);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: blankKeyName });
    }
    expect(await alice.list()).toEqual([key]);
  });

  it('refuses a name with a control or invisible formatting character with 400 and keeps the old one', async () => {
    const { alice } = await twoUsers();
    const key = only(await alice.list());
    for (const name of ['Prod\u202Etxt.exe', 'tab\tinside', 'zero\u200Bwidth', 'iso\u2066late\u2069']) {
      const answer = await alice.rename(key.id, name);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: NAME_HIDDEN_CHARACTERS });
    }
    expect(await alice.list()).toEqual([key]);
    expect((await alice.rename(key.id, 'Прод 🚀')).statusCode).toBe(200);
  });

  it("answers another user's key with the same 404 as a missing one, and changes nothing", async () => {
    const { alice, bob } = await twoUsers();
    const aliceKey = only(await alice.list());
    for (const answer of [
      await bob.rename(aliceKey.id, 'stolen'),
      await bob.remove(aliceKey.id),
      await bob.rename(unusedId, 'x'),
      await bob.remove(unusedId),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(notFoundAnswer);
    }
    expect(await alice.list()).toEqual([aliceKey]);
    expect((await alice.me()).apiKey).toBe(aliceKey.apiKey);
  });

  it('deletes a key with 204; the user apiKey moves to the next oldest, then to null after the last', async () => {
    const { alice, bob } = await twoUsers();
    await alice.create();
    await alice.create();
    const [first, second, third] = await alice.list();
    if (first === undefined || second === undefined || third === undefined) throw new Error('alice should have three keys');
    expect((await alice.me()).apiKey).toBe(first.apiKey);

    const deleted = await alice.remove(first.id);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await alice.me()).apiKey).toBe(second.apiKey);
    expect((await alice.remove(first.id)).json()).toEqual(notFoundAnswer);

    await alice.remove(third.id);
    expect((await alice.me()).apiKey).toBe(second.apiKey);
    await alice.remove(second.id);
    expect(await alice.list()).toEqual([]);
    expect((await alice.me()).apiKey).toBeNull();

    const fresh: ApiKey = (await alice.create()).json();
    expect((await alice.me()).apiKey).toBe(fresh.apiKey);
    expect(await bob.list()).toHaveLength(1);
  });

  it('refuses an id that is not a key id (a positive 32-bit integer) with 400', async () => {
    const { alice } = await twoUsers();
    const key = only(await alice.list());
    for (const id of ['0', '-1', 'abc', '1.5', '2147483648']) {
      expect({ id, status: (await alice.remove(id)).statusCode }).toEqual({ id, status: 400 });
      expect({ id, status: (await alice.rename(id, 'x')).statusCode }).toEqual({ id, status: 400 });
    }
    expect(await alice.list()).toEqual([key]);
  });
});
