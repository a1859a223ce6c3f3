import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackPath, localProviderPath, type GoogleSignIn } from '@server/google';
import { createLocalProvider } from '@server/google/local-provider';
import { createMemoryStore, type MemoryStore } from '@server/google/memory-adapter';
import { mountLocalProvider } from '@server/google/mount-provider';
import { createOidcSignIn } from '@server/google/oidc-client';
import { freePort } from '../support/free-port';
import { runLocalFlow } from './google-local-flow';

describe('the local provider store, on its own', () => {
  it('holds at most maxEntries, indexes included, and drops the oldest first', async () => {
    let clock = 0;
    const store = createMemoryStore({ now: () => clock, maxEntries: 100 });
    const interactions = store.adapter('Interaction');
    for (let i = 0; i < 1_000; i += 1) {
      await interactions.upsert(`id-${i}`, { uid: `uid-${i}`, userCode: `code-${i}`, grantId: `grant-${i}` }, 600);
      clock += 1;
    }
    expect(store.size()).toEqual({ entries: 100, uids: 100, userCodes: 100, grants: 100 });
    expect(await interactions.find('id-899')).toBeUndefined();
    expect(await interactions.find('id-900')).toMatchObject({ uid: 'uid-900' });
    expect(await interactions.findByUid('uid-999')).toMatchObject({ grantId: 'grant-999' });
    expect(await interactions.findByUserCode('code-950')).toMatchObject({ uid: 'uid-950' });
  });

  it('sweeps expired entries and their indexes as new ones are written', async () => {
    let clock = 0;
    const store = createMemoryStore({ now: () => clock, sweepEveryMs: 1_000 });
    const codes = store.adapter('AuthorizationCode');
    for (let i = 0; i < 500; i += 1) await codes.upsert(`code-${i}`, { uid: `uid-${i}`, grantId: 'shared-grant' }, 60);
    expect(store.size().entries).toBe(500);
    clock += 61_000;
    await codes.upsert('fresh', { uid: 'uid-fresh' }, 60);
    expect(store.size()).toEqual({ entries: 1, uids: 1, userCodes: 0, grants: 0 });
  });

  it('keeps one model from answering for another', async () => {
    const store = createMemoryStore();
    await store.adapter('Interaction').upsert('a', { uid: 'same' }, 60);
    expect(await store.adapter('Session').findByUid('same')).toBeUndefined();
    await store.adapter('Session').upsert('b', { uid: 'same' }, 60);
    expect(await store.adapter('Session').findByUid('same')).toMatchObject({ uid: 'same' });
    expect(await store.adapter('Interaction').findByUid('same')).toMatchObject({ uid: 'same' });
  });
});

/** The review's attack: anonymous hits on the authorization endpoint, each one an interaction stored. */
describe('the local provider under a flood of anonymous authorization requests', () => {
  const maxEntries = 200;
  let app: FastifyInstance;
  let store: MemoryStore;
  let signIn: GoogleSignIn;

  beforeAll(async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const issuer = new URL(`${publicUrl}${localProviderPath}`);
    const redirectUri = new URL(`${publicUrl}${callbackPath}`);
    const clientId = 'store-test';
    const clientSecret = randomBytes(32).toString('base64url');
    const backUrl = `${publicUrl}/login`;
    store = createMemoryStore({ maxEntries });
    app = Fastify();
    const provider = await createLocalProvider({ issuer, clientId, clientSecret, redirectUri, backUrl, store });
    await mountLocalProvider(app, { provider, routePrefix: localProviderPath, clientId, issuer, backUrl });
    const client = createOidcSignIn({ issuer, clientId, clientSecret, redirectUri }, app.log);
    signIn = { kind: 'local', begin: client.begin, finish: client.finish };
    await app.listen({ host: '127.0.0.1', port });
  });

  afterAll(async () => {
    await app.close();
  });

  it('stays within its bound after 1,000 hits, and a sign-in still works', async () => {
    const { url } = await signIn.begin();
    for (let batch = 0; batch < 20; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(url, { redirect: 'manual' })));
      for (const answer of answers) {
        expect(answer.status).toBe(303);
        await answer.arrayBuffer();
      }
      expect(store.size().entries).toBeLessThanOrEqual(maxEntries);
    }
    const size = store.size();
    expect(size.uids).toBeLessThanOrEqual(maxEntries);
    expect(size.grants).toBeLessThanOrEqual(maxEntries);

    const { callbackUrl, pending } = await runLocalFlow(signIn, 'after.the.flood@example.com');
    await expect(signIn.finish(callbackUrl, pending)).resolves.toEqual({ email: 'after.the.flood@example.com' });
  });
});
