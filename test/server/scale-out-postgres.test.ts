import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MAILS_PER_DAY, runUsageAlerts } from '@server/metering/usage-alerts';
import { claimPendingAlerts, recordAlerts } from '@server/repos/usage-alerts';
import { retainUsage } from '@server/metering/usage-retention';
import { Billing } from '@server/payments/billing';
import { findPlanByName } from '@server/repos/plans';
import { findStoredCredits } from '@server/repos/stored-credits';
import { newUsageMinute, writeUsageBatch, NO_CREDITS } from '@server/repos/usage';
import { setUserPlan } from '@server/repos/users';
import { createLocalProvider } from '@server/payments/local/local-provider';
import type { PaymentProvider } from '@server/payments/provider';
import { keyChangesChannel } from '@server/shared/postgres-key-changes';
import { realPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres';
import { bearer, signedInUser, verifyAddress } from './helpers/accounts';
import { startFakeNode, type FakeNode } from './helpers/fake-node';
import { keyCalls } from './helpers/key-calls';
import { ManualClock } from './helpers/manual-clock';
import { expectDeletionReachesReplica, within } from './helpers/replicas';
import { startTestApp, type TestApp } from './helpers/test-app';
import { postgresDatabase, type TestDatabase } from './helpers/test-database';
import { call, me, rpc, storedCredits } from './gateway-harness';

/**
 * Two replicas (two apps in this process) on one PostgreSQL database: what they share goes through
 * it (advisory locks, a unique index, LISTEN/NOTIFY, adding upserts). A real server is needed:
 * TEST_DATABASE_URL's, else a throw-away one. Without either this fails in CI and says it is skipped elsewhere.
 */
const postgresServer = realPostgres('scale-out-postgres.test.ts');
const canRun = postgresServer.canRun;

const clock = new ManualClock();

describe.runIf(canRun)('two replicas on one PostgreSQL', () => {
  let throwaway: ThrowawayPostgres | undefined;
  let database: TestDatabase;
  let node: FakeNode;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    throwaway = await postgresServer.start();
    const { url } = throwaway;
    // A database of its own (not a schema): NOTIFY channels and advisory locks are per database.
    database = await postgresDatabase(url, 'scale_out');
    node = await startFakeNode();
    a = await startTestApp({ UPSTREAM_MAINNET_URL: node.url }, { database, clock });
    b = await startTestApp({ UPSTREAM_MAINNET_URL: node.url }, { database, clock });
  }, 60_000);
  afterAll(async () => {
    // The throw-away server goes whatever else fails: it would outlive the run otherwise.
    try {
      await a?.close();
      await b?.close();
      await node?.close();
      await database?.drop();
    } finally {
      throwaway?.stop();
    }
  }, 60_000);

  it('60 parallel subscribes of one user, split across both, leave one open checkout here and at the provider', async () => {
    const { token } = await signedInUser(a.app, 'racer');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        (index % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: '/api/users/subscribe',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: JSON.stringify({ planId: 3, frequency: 'MONTHLY' }),
        }),
      ),
    );
    // Each one ended the one before it (at the provider too) under the user's lock: none was refused.
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(200));
    const userId = (await me(a.app, token)).id;
    const ours = await a.app.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM checkouts WHERE user_id = $1 AND status = 'open'",
      [userId],
    );
    expect(ours.rows[0]?.n).toBe(1);
    const atProvider = await a.app.db.query<{ n: number }>(
      "SELECT count(*)::integer AS n FROM local_checkout_sessions WHERE user_id = $1 AND status = 'open'",
      [userId],
    );
    expect(atProvider.rows[0]?.n).toBe(1);
  });

  it('a key deleted through A is refused by B within 1 s, though B had it cached', async () => {
    await expectDeletionReachesReplica(a, b, 'keys');
  });

  it('after its LISTEN connection drops, a replica reconnects and drops every cached key (changes meanwhile were missed)', async () => {
    const { token } = await signedInUser(a.app, 'relisten');
    const { apiKey } = await me(a.app, token);
    if (apiKey === null) throw new Error('no key');
    expect((await rpc(b.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    // Changed behind the servers' backs (as a hand-run SQL would): nobody publishes this one.
    await a.app.db.query('DELETE FROM api_keys WHERE key = $1', [apiKey]);
    expect((await rpc(b.app, apiKey, call('eth_chainId'))).statusCode).toBe(200);
    await a.app.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = $1', [
      `LISTEN "${keyChangesChannel}"`,
    ]);
    const refused = await within(
      clock,
      3000,
      async () => (await rpc(b.app, apiKey, call('eth_chainId'))).statusCode,
      (status) => status === 401,
    );
    expect(refused.value).toBe(401);
    // And it listens again: the next change reaches it.
    const next = await signedInUser(a.app, 'relisten-after');
    const created = (await keyCalls(a.app, next.token).create({ name: 'after' })).json<{ id: number; apiKey: string }>();
    expect((await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode).toBe(200);
    await keyCalls(a.app, next.token).remove(created.id);
    const again = await within(
      clock,
      1000,
      async () => (await rpc(b.app, created.apiKey, call('eth_chainId'))).statusCode,
      (status) => status === 401,
    );
    expect(again.value).toBe(401);
  });

  it('the grace sweep started on both replicas asks the provider once per subscription', async () => {
    const { email } = await signedInUser(a.app, 'grace');
    const user = await a.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const userId = user.rows[0]?.id;
    if (userId === undefined) throw new Error('no user');
    const longAgo = new Date(clock.now().getTime() - 60 * 24 * 3_600_000);
    await a.app.db.query(
      `INSERT INTO subscriptions (provider, provider_subscription_id, user_id, customer_id, plan_id, frequency, status,
         current_period_start, current_period_end, cancel_at_period_end, past_due_since, state_at, created_at)
       VALUES ('local', 'lsub_grace', $1, 'lcus_grace', 2, 'MONTHLY', 'past_due', $2, $2, false, $2, $2, $2)`,
      [userId, longAgo],
    );
    const cancellations: string[] = [];
    const sweeps = [a, b].map((server) => {
      const local = createLocalProvider({
        db: server.app.db,
        clock,
        publicUrl: server.config.publicUrl,
        deliver: async () => undefined,
        log: server.app.log,
        graceEndsAt: async () => null,
      });
      const provider: PaymentProvider = {
        ...local.provider,
        // The provider's answer takes a while, as Stripe's does: the other replica's sweep runs meanwhile.
        cancelUnpaid: async (id) => {
          cancellations.push(id);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return 'canceled';
        },
      };
      return new Billing({
        db: server.app.db,
        provider,
        clock,
        log: server.app.log,
        keyCache: server.app.keyCache,
        publicUrl: server.config.publicUrl,
        salesEmail: server.config.salesEmail,
        graceDays: 7,
      });
    });
    for (const billing of sweeps) billing.start(60_000);
    try {
      const ended = await within(
        clock,
        3000,
        async () =>
          (await a.app.db.query<{ status: string }>("SELECT status FROM subscriptions WHERE provider_subscription_id = 'lsub_grace'")).rows,
        (rows) => rows[0]?.status === 'canceled',
      );
      expect(ended.value[0]?.status).toBe('canceled');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(cancellations).toEqual(['lsub_grace']);
    } finally {
      for (const billing of sweeps) billing.stop();
    }
  });

  it('metering from both replicas adds up, in the same minute rows and the same credit counter', async () => {
    const { token } = await signedInUser(a.app, 'meter');
    const { id: userId, apiKey } = await me(a.app, token);
    if (apiKey === null) throw new Error('no key');
    let sent = 0;
    for (let round = 0; round < 4; round += 1) {
      // Free plan: 10 calls a second per replica's bucket; the manual clock refills them.
      clock.advance(1000);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => rpc((index % 2 === 0 ? a : b).app, apiKey, call('eth_chainId'))),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      sent += answers.length;
      // Both write at once: the upserts of the same minute rows and counter must add, not overwrite.
      await Promise.all([a.app.metering.flush(), b.app.metering.flush()]);
    }
    const stored = await storedCredits(a.app, userId);
    expect(stored.requests).toBe(sent);
    expect(stored.creditsUsed).toBe(stored.metered);
    expect(stored.metered).toBeGreaterThan(0);
  });

  it('the usage retention job run 40 times at once on both replicas, while both meter, deletes what expired once and keeps the rest', async () => {
    const { token } = await signedInUser(a.app, 'retention');
    const user = await me(a.app, token);
    const now = clock.now().getTime();
    const minuteAt = (ageMs: number) => Math.floor((now - ageMs) / 60_000) * 60_000;
    const row = (ageMs: number, requests: number) => ({
      ...newUsageMinute({ apiKeyId: 9, userId: user.id, network: 'mainnet', method: 'eth_call', minute: minuteAt(ageMs) }),
      requests,
      credits: requests * 20,
    });
    // Expired: a minute of 8 days ago (its hour stays) and one of 91 days ago (only its day stays).
    await writeUsageBatch(a.app.db, [row(8 * 86_400_000, 3), row(91 * 86_400_000, 5)], NO_CREDITS);
    const log = a.app.log;
    const runs = await Promise.all(
      Array.from({ length: 40 }, (_, index) => {
        const replica = index % 2 === 0 ? a : b;
        return index % 4 < 2
          ? retainUsage({ db: replica.app.db, clock, log })
          : writeUsageBatch(replica.app.db, [row(index * 60_000, 1)], NO_CREDITS).then(() => null);
      }),
    );
    expect(runs.filter((ran) => ran === true).length).toBeGreaterThan(0);
    const count = async (table: string) =>
      Number((await a.app.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [user.id])).rows[0]?.n);
    // 20 minutes metered meanwhile (one row each), none deleted; the expired two gone.
    expect(await count('usage_minutes')).toBe(20);
    expect(await count('usage_hours')).toBeGreaterThanOrEqual(2);
    const days = await a.app.db.query<{ requests: string }>('SELECT SUM(requests) AS requests FROM usage_days WHERE user_id = $1', [
      user.id,
    ]);
    expect(Number(days.rows[0]?.requests)).toBe(3 + 5 + 20);
    const oldHours = await a.app.db.query<{ n: string }>('SELECT count(*) AS n FROM usage_hours WHERE user_id = $1 AND hour < $2', [
      user.id,
      new Date(now - 90 * 86_400_000),
    ]);
    expect(Number(oldHours.rows[0]?.n)).toBe(0);
  });

  it('the usage alerts job run 40 times at once on both replicas mails an alert once', async () => {
    const { token, email } = await signedInUser(a.app, 'alerted');
    await verifyAddress(a.app, email);
    const user = await me(a.app, token);
    const developer = await findPlanByName(a.app.db, 'Developer');
    if (developer === null) throw new Error('no Developer plan');
    await setUserPlan(a.app.db, user.id, { planId: developer.id, frequency: 'MONTHLY', now: clock.now() });
    const stored = await findStoredCredits(a.app.db, user.id);
    if (stored === null) throw new Error('no such user');
    await writeUsageBatch(a.app.db, [], {
      deltas: [{ userId: user.id, anchor: stored.anchor, cycleStart: stored.anchor, credits: 1_300_000 }],
      keyDeltas: [],
    });
    const sent: string[] = [];
    const settings = (replica: TestApp) => ({
      db: replica.app.db,
      clock,
      log: replica.app.log,
      mailer: {
        kind: 'outbox' as const,
        send: async (mail: { to: string; subject: string }) => void sent.push(`${mail.to}: ${mail.subject}`),
      },
      publicUrl: 'https://dashboard.example',
      productName: 'Acme RPC',
    });
    await Promise.all(Array.from({ length: 40 }, (_, index) => runUsageAlerts(settings(index % 2 === 0 ? a : b))));
    // A run that found the other replica's still running skipped: one more after all of them sends anything left.
    await runUsageAlerts(settings(a));
    expect(sent).toEqual([`${email}: You have used 80% of your Acme RPC credits`]);
  });

  it(`60 claims at once on both replicas, each after a new alert of one account, claim ${ALERT_MAILS_PER_DAY} mails in all`, async () => {
    const { token, email } = await signedInUser(a.app, 'capped');
    await verifyAddress(a.app, email);
    const user = await me(a.app, token);
    // The claims themselves, not the job (runOnce would let one replica run at a time): the cap holds without it.
    const claims = await Promise.all(
      Array.from({ length: 60 }, async (_, index) => {
        const replica = index % 2 === 0 ? a : b;
        await recordAlerts(
          replica.app.db,
          [
            {
              userId: user.id,
              kind: 'errors',
              subject: 5000 + index,
              period: clock.now(),
              mailSubject: 'subject',
              mailText: 'text',
              state: 'pending',
            },
          ],
          clock.now(),
        );
        return claimPendingAlerts(replica.app.db, clock.now(), ALERT_MAILS_PER_DAY);
      }),
    );
    expect(claims.flat().filter((claimed) => claimed.to === email)).toHaveLength(ALERT_MAILS_PER_DAY);
    const states = await a.app.db.query<{ state: string; n: number }>(
      'SELECT state, count(*)::integer AS n FROM usage_alerts WHERE user_id = $1 GROUP BY state ORDER BY state',
      [user.id],
    );
    expect(states.rows).toEqual([
      { state: 'capped', n: 60 - ALERT_MAILS_PER_DAY },
      { state: 'sending', n: ALERT_MAILS_PER_DAY },
    ]);
  });
});
