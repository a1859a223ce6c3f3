import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/api/client';
import { createKeyCalls } from '@/api/key-calls';
import { type CallFailure, failureIn } from '@/domain/call-failure';
import { type Operation, failureMessage } from '@/domain/failure-message';
import { KEY_LIMIT_REACHED, KEY_NOT_STORED } from '@/domain/key-errors';
import { blankKeyName } from '@server/handlers/api-keys';
import { signedInUser } from '../server/helpers/accounts';
import { startTestApp, type TestApp } from '../server/helpers/test-app';

/**
 * The SPA's key calls (src/api/key-calls.ts) against the real server, listening on a loopback
 * port: real routes, validation, handlers and error envelope.
 */
let server: TestApp;
let baseUrl: string;

beforeAll(async () => {
  server = await startTestApp();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}/api`;
});
afterAll(() => server.close());

async function callsOfNewUser() {
  const { token } = await signedInUser(server.app, 'keys');
  return createKeyCalls(createApiClient({ baseUrl, token: () => token }));
}

/** The failure a call rejected with (a CallFailed), or 'resolved'. */
async function failureOf(call: Promise<unknown>): Promise<CallFailure | 'resolved'> {
  return call.then(
    () => 'resolved',
    (error: unknown) => failureIn(error),
  );
}

/** The text the screen of `operation` shows for the call's failure. */
async function shown(operation: Operation, call: Promise<unknown>): Promise<string> {
  const failure = await failureOf(call);
  return failure === 'resolved' ? 'the call succeeded' : failureMessage(operation, failure);
}

describe('key calls against the real server', () => {
  it('lists, creates up to the plan limit, renames and deletes', async () => {
    const calls = await callsOfNewUser();
    const [first] = await calls.list();
    expect(first).toMatchObject({ id: expect.any(Number), apiKey: expect.any(String) });
    await calls.create();
    await calls.create();
    // Free allows 3 keys: SPEC.md §8's text for the 429.
    expect(await shown('createKey', calls.create())).toBe(KEY_LIMIT_REACHED);
    const keys = await calls.list();
    expect(keys).toHaveLength(3);
    const last = keys[2];
    if (!first || !last) throw new Error('three keys expected');
    expect(await calls.rename({ id: String(last.id), name: 'Production' })).toEqual({ name: 'Production' });
    await calls.remove({ id: String(first.id) });
    expect((await calls.list()).map((key) => key.name)).toEqual([keys[1]?.name, 'Production']);
  });

  it("shows the server's message when a rename or delete is refused", async () => {
    const calls = await callsOfNewUser();
    const [key] = await calls.list();
    if (!key) throw new Error('a new account has a key');
    // A blank name: the server's sentence, shown as it is (not a schema message about a pattern).
    expect(await shown('renameKey', calls.rename({ id: String(key.id), name: '   ' }))).toBe(blankKeyName);
    expect(await shown('renameKey', calls.rename({ id: String(key.id), name: '' }))).toBe(blankKeyName);
    // The contract's validation answers first, in its own words.
    expect(await shown('renameKey', calls.rename({ id: String(key.id), name: 'x'.repeat(101) }))).toBe(
      'body/name must NOT have more than 100 characters',
    );
    expect(await shown('deleteKey', calls.remove({ id: '2147483000' }))).toBe('API key not found.');
  });

  it('never calls the server for the stand-in key', async () => {
    const calls = await callsOfNewUser();
    expect(await shown('renameKey', calls.rename({ id: 'default', name: 'x' }))).toBe(KEY_NOT_STORED);
    expect(await shown('deleteKey', calls.remove({ id: 'default' }))).toBe(KEY_NOT_STORED);
  });

  it('gives up on the list after its time-out (10 s in the SPA), and on a server that is down', async () => {
    const held: Server = createServer(() => {
      // Never answers: the list must not wait for ever.
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const { port } = held.address() as AddressInfo;
    try {
      const slow = createKeyCalls(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` }), 200);
      expect(await failureOf(slow.list())).toEqual({ kind: 'no-answer' });
    } finally {
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
    const down = createKeyCalls(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` }));
    expect(await failureOf(down.list())).toEqual({ kind: 'no-answer' });
    expect(await shown('createKey', down.create())).toBe('Failed to generate a new API key. Please try again.');
  });

  it('keeps the 401 of an expired session, so the session ends as on every other screen', async () => {
    const expired = createKeyCalls(createApiClient({ baseUrl, token: () => 'not-a-session' }));
    expect(await failureOf(expired.list())).toMatchObject({ kind: 'refused', status: 401 });
  });

  it('times out without AbortSignal.any (Chrome before 116, Safari before 17.4), and a caller abort stays an abort', async () => {
    const held: Server = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const { port } = held.address() as AddressInfo;
    const any = Object.getOwnPropertyDescriptor(AbortSignal, 'any');
    Reflect.deleteProperty(AbortSignal, 'any');
    try {
      const slow = createKeyCalls(createApiClient({ baseUrl: `http://127.0.0.1:${port}/api` }), 200);
      expect(await failureOf(slow.list())).toEqual({ kind: 'no-answer' });
      const caller = new AbortController();
      const listing = slow.list(caller.signal);
      caller.abort();
      await expect(listing).rejects.toMatchObject({ name: 'AbortError' });
      const abortedBefore = new AbortController();
      abortedBefore.abort();
      await expect(slow.list(abortedBefore.signal)).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      if (any) Object.defineProperty(AbortSignal, 'any', any);
      held.closeAllConnections();
      await new Promise((resolve) => held.close(resolve));
    }
  });
});
