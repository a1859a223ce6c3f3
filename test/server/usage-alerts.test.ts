import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '@server/mail/mailer';
import { cycleAt } from '@server/metering/cycle';
import { ALERT_MAILS_PER_DAY, type AlertJobSettings, runUsageAlerts } from '@server/metering/usage-alerts';
import { type NewAlert, recordAlerts } from '@server/repos/usage-alerts';
import { findStoredCredits } from '@server/repos/stored-credits';
import { newUsageMinute, writeUsageBatch, NO_CREDITS } from '@server/repos/usage';
import { keyHolder, putOnPlan, type KeyHolder } from './gateway-harness';
import { bearer, verifyAddress } from './helpers/accounts';
import { hours, minutes } from './helpers/manual-clock';
import { joinedMember, transferOwnership } from './helpers/team';
import { startTestApp, type TestApp } from './helpers/test-app';

/** Developer's credits a month (src/domain/plan-catalog.ts). */
const limit = 1_500_000;

/** The usage alerts job against a real database, its mails in an outbox of its own. */
describe('usage alerts', () => {
  let server: TestApp;
  let sent: Mail[];
  let failing: boolean;
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (mail) => {
      if (failing) throw new Error('the SMTP server is away');
      sent.push(mail);
    },
  };
  const settings = (): AlertJobSettings => ({
    db: server.app.db,
    clock: server.clock,
    log: server.app.log,
    mailer,
    publicUrl: 'https://dashboard.example',
    productName: 'Acme RPC',
  });

  /** Adds `credits` to the user's current cycle, as the metering batch does. */
  async function spend(userId: number, credits: number): Promise<void> {
    const stored = await findStoredCredits(server.app.db, userId);
    if (stored === null) throw new Error('no such user');
    const cycle = cycleAt(stored.anchor, server.clock.now());
    await writeUsageBatch(server.app.db, [], {
      deltas: [{ userId, anchor: stored.anchor, cycleStart: cycle.start, credits }],
      keyDeltas: [],
    });
  }

  /** A Developer account; its address verified unless said otherwise. */
  async function developer(label: string, { verified = true } = {}): Promise<KeyHolder> {
    const holder = await keyHolder(server.app, label);
    await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
    if (verified) await verifyAddress(server.app, holder.email);
    return holder;
  }

  /** Every minute of the last five with `failed` of 20 calls failed, for the key. */
  async function failingMinutes(holder: KeyHolder, count: number, failed: number): Promise<void> {
    const keyId = await keyIdOf(holder.apiKey);
    const now = server.clock.now().getTime();
    const minute = now - (now % 60_000);
    await writeUsageBatch(
      server.app.db,
      Array.from({ length: count }, (_, index) => ({
        ...newUsageMinute({
          apiKeyId: keyId,
          userId: holder.userId,
          network: 'mainnet',
          method: 'eth_call',
          minute: minute - (index + 1) * 60_000,
        }),
        requests: 20 - failed,
        upstreamErrors: failed,
      })),
      NO_CREDITS,
    );
  }

  async function keyIdOf(apiKey: string): Promise<number> {
    const { rows } = await server.app.db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [apiKey]);
    return rows[0]?.id ?? 0;
  }

  /** Pending alerts recorded for the user as the job decides them ('errors' of made-up key ids, one hour). */
  function pendingAlerts(userId: number, count: number, firstSubject: number): NewAlert[] {
    return Array.from({ length: count }, (_, index) => ({
      userId,
      kind: 'errors' as const,
      subject: firstSubject + index,
      period: server.clock.now(),
      mailSubject: 'Calls of one of your Acme RPC API keys are failing',
      mailText: 'text',
      state: 'pending' as const,
    }));
  }

  const mailsTo = (email: string) => sent.filter((mail) => mail.to === email).map((mail) => mail.subject);

  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    sent = [];
    failing = false;
  });

  it('mails 80 % and then 100 % once each with the default settings, and again in the next cycle', async () => {
    const holder = await developer('credits');
    await spend(holder.userId, limit * 0.6);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual([]);
    await spend(holder.userId, limit * 0.25);
    await runUsageAlerts(settings());
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['You have used 80% of your Acme RPC credits']);
    expect(sent[0]?.text).toContain('1,275,000 of its 1,500,000 credits (80%)');
    expect(sent[0]?.text).toContain('https://dashboard.example/settings');
    await spend(holder.userId, limit * 0.15);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['You have used 80% of your Acme RPC credits', 'You have used 100% of your Acme RPC credits']);
    // The next cycle starts from nothing: 80 % is owed again.
    server.clock.advance(32 * 86_400_000);
    await spend(holder.userId, limit * 0.9);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email).at(-1)).toBe('You have used 80% of your Acme RPC credits');
    expect(mailsTo(holder.email)).toHaveLength(3);
  });

  it("mails the project's owner of the moment: after a transfer the new owner, once verified, and not the old one", async () => {
    const first = await developer('transferred');
    const next = await joinedMember(server.app, first, 'developer', 'new-owner');
    const transfer = await transferOwnership(server.app, first, next.userId);
    expect(transfer.statusCode).toBe(200);
    await spend(first.userId, limit * 0.85);
    await runUsageAlerts(settings());
    // The new owner's address is not verified yet: nothing is owed to it, nor to the old owner.
    expect(sent).toEqual([]);
    await verifyAddress(server.app, next.email);
    await spend(first.userId, limit * 0.15);
    await runUsageAlerts(settings());
    expect(mailsTo(next.email)).toEqual(['You have used 100% of your Acme RPC credits']);
    expect(mailsTo(first.email)).toEqual([]);
  });

  it('mails only the highest of thresholds reached at once, and none that is turned off', async () => {
    const holder = await developer('jump');
    const put = await server.app.inject({
      method: 'PUT',
      url: '/api/users/alerts',
      headers: bearer(holder.token),
      payload: { creditThresholds: [100, 50], errorRate: true },
    });
    expect(put.json()).toEqual({ creditThresholds: [50, 100], errorRate: true });
    await spend(holder.userId, limit);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['You have used 100% of your Acme RPC credits']);
    const { rows } = await server.app.db.query<{ subject: number; state: string }>(
      "SELECT subject, state FROM usage_alerts WHERE user_id = $1 AND kind = 'credits' ORDER BY subject",
      [holder.userId],
    );
    expect(rows).toEqual([
      { subject: 50, state: 'covered' },
      { subject: 100, state: 'sent' },
    ]);
  });

  it('60 runs at once send one mail', async () => {
    const holder = await developer('parallel');
    await spend(holder.userId, limit * 0.81);
    await Promise.all(Array.from({ length: 60 }, () => runUsageAlerts(settings())));
    expect(mailsTo(holder.email)).toEqual(['You have used 80% of your Acme RPC credits']);
  });

  it('keeps an alert whose mail failed for the next run', async () => {
    const holder = await developer('smtp');
    await spend(holder.userId, limit * 0.8);
    failing = true;
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual([]);
    failing = false;
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['You have used 80% of your Acme RPC credits']);
  });

  it("mails when a key's calls fail at 10 % for 5 minutes, once an hour, unless turned off", async () => {
    const holder = await developer('errors');
    await failingMinutes(holder, 4, 5);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual([]);
    server.clock.advance(minutes(1));
    await failingMinutes(holder, 5, 2);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['Calls of one of your Acme RPC API keys are failing']);
    // Four minutes with 7 of 40 failed (both batches), the newest with 2 of 20.
    expect(sent[0]?.text).toContain('30 of 180');
    server.clock.advance(minutes(1));
    await failingMinutes(holder, 5, 2);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(1);
    const off = await server.app.inject({
      method: 'PUT',
      url: '/api/users/alerts',
      headers: bearer(holder.token),
      payload: { creditThresholds: [], errorRate: false },
    });
    expect(off.statusCode).toBe(200);
    server.clock.advance(minutes(60));
    await failingMinutes(holder, 5, 20);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(1);
  });

  it("never mails the key's name (the user's text): the subject is fixed, the body names the key by its masked value", async () => {
    const holder = await developer('phish');
    const phishing = 'URGENT verify your wallet at https://evil.example now';
    const keyId = await keyIdOf(holder.apiKey);
    const renamed = await server.app.inject({
      method: 'PATCH',
      url: `/api/apiKeys/${keyId}`,
      headers: bearer(holder.token),
      payload: { name: phishing },
    });
    expect(renamed.statusCode).toBe(200);
    server.clock.advance(minutes(60));
    await failingMinutes(holder, 5, 20);
    await runUsageAlerts(settings());
    const mails = sent.filter((mail) => mail.to === holder.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Calls of one of your Acme RPC API keys are failing']);
    for (const mail of mails) {
      expect(mail.subject).not.toContain('evil');
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('URGENT');
      expect(mail.text).toContain(`${holder.apiKey.slice(0, 6)}••••••••••••${holder.apiKey.slice(-4)}`);
      expect(mail.text).toContain('https://dashboard.example/keys');
    }
  });

  it('mails nothing to an unverified address, keeps nothing for later, and mails what is owed now once it is verified', async () => {
    const holder = await developer('unverified', { verified: false });
    await spend(holder.userId, limit * 0.85);
    await failingMinutes(holder, 5, 20);
    await Promise.all(Array.from({ length: 5 }, () => runUsageAlerts(settings())));
    expect(mailsTo(holder.email)).toEqual([]);
    const { rows } = await server.app.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM usage_alerts WHERE user_id = $1', [
      holder.userId,
    ]);
    expect(rows[0]?.n).toBe(0);
    await spend(holder.userId, limit * 0.15);
    server.clock.advance(minutes(60));
    await verifyAddress(server.app, holder.email);
    await runUsageAlerts(settings());
    // The cycle is at 100 % now: that one alert, not the 80 % it passed while unverified; the key's minutes are an hour old.
    expect(mailsTo(holder.email)).toEqual(['You have used 100% of your Acme RPC credits']);
  });

  it(`sends at most ${ALERT_MAILS_PER_DAY} alert mails per account in 24 hours, 60 runs at once each bringing a new alert`, async () => {
    const holder = await developer('capped');
    const other = await developer('neighbour');
    await Promise.all(
      Array.from({ length: 60 }, async (_, index) => {
        await recordAlerts(
          server.app.db,
          [...pendingAlerts(holder.userId, 1, 1000 + index), ...pendingAlerts(other.userId, 1, 1000 + index)],
          server.clock.now(),
        );
        await runUsageAlerts(settings());
      }),
    );
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(ALERT_MAILS_PER_DAY);
    expect(mailsTo(other.email)).toHaveLength(ALERT_MAILS_PER_DAY);
    const states = await server.app.db.query<{ state: string; n: number }>(
      'SELECT state, count(*)::integer AS n FROM usage_alerts WHERE user_id = $1 GROUP BY state ORDER BY state',
      [holder.userId],
    );
    expect(states.rows).toEqual([
      { state: 'capped', n: 60 - ALERT_MAILS_PER_DAY },
      { state: 'sent', n: ALERT_MAILS_PER_DAY },
    ]);
    // Still within 24 hours of the first: nothing more; a day later, there is room again.
    server.clock.advance(hours(23));
    await recordAlerts(server.app.db, pendingAlerts(holder.userId, 1, 2000), server.clock.now());
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(ALERT_MAILS_PER_DAY);
    server.clock.advance(hours(1) + minutes(1));
    await recordAlerts(server.app.db, pendingAlerts(holder.userId, 2, 3000), server.clock.now());
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(ALERT_MAILS_PER_DAY + 2);
  });

  it('a failed mail gives its place under the cap back', async () => {
    const holder = await developer('retry-cap');
    await recordAlerts(server.app.db, pendingAlerts(holder.userId, ALERT_MAILS_PER_DAY, 1), server.clock.now());
    failing = true;
    await runUsageAlerts(settings());
    failing = false;
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(ALERT_MAILS_PER_DAY);
  });

  it('GET /users/alerts says the defaults; bad settings are refused with 400', async () => {
    const holder = await developer('settings');
    const got = await server.app.inject({ method: 'GET', url: '/api/users/alerts', headers: bearer(holder.token) });
    expect(got.json()).toEqual({ creditThresholds: [80, 100], errorRate: true });
    for (const payload of [
      { creditThresholds: [33], errorRate: true },
      { creditThresholds: [50, 50], errorRate: true },
      { creditThresholds: [50] },
      {},
    ]) {
      const answer = await server.app.inject({ method: 'PUT', url: '/api/users/alerts', headers: bearer(holder.token), payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await server.app.inject({ method: 'GET', url: '/api/users/alerts' })).statusCode).toBe(401);
  });
});
