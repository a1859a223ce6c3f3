import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '@server/mail/mailer';
import { cycleAt } from '@server/metering/cycle';
import { type AlertJobSettings, runUsageAlerts } from '@server/metering/usage-alerts';
import { findStoredCredits, newUsageMinute, writeUsageBatch } from '@server/repos/usage';
import { keyHolder, putOnPlan, type KeyHolder } from './gateway-harness';
import { bearer } from './helpers/accounts';
import { minutes } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';

/** Developer's credits a month (src/domain/plan-catalog.ts). */
const limit = 1_500_000;

/** The usage alerts job (issue 24 §4) against a real database, its mails in an outbox of its own. */
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
    await writeUsageBatch(server.app.db, [], [{ userId, anchor: stored.anchor, cycleStart: cycle.start, credits }]);
  }

  async function developer(label: string): Promise<KeyHolder> {
    const holder = await keyHolder(server.app, label);
    await putOnPlan(server.app, server.clock, holder.userId, 'Developer');
    return holder;
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
    const { rows } = await server.app.db.query<{ id: number }>('SELECT id FROM api_keys WHERE key = $1', [holder.apiKey]);
    const keyId = rows[0]?.id ?? 0;
    const failingMinutes = async (count: number, failed: number) => {
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
        [],
      );
    };
    await failingMinutes(4, 5);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual([]);
    server.clock.advance(minutes(1));
    await failingMinutes(5, 2);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toEqual(['Calls of your API key "Default key" are failing']);
    // Four minutes with 7 of 40 failed (both batches), the newest with 2 of 20.
    expect(sent[0]?.text).toContain('30 of 180');
    server.clock.advance(minutes(1));
    await failingMinutes(5, 2);
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
    await failingMinutes(5, 20);
    await runUsageAlerts(settings());
    expect(mailsTo(holder.email)).toHaveLength(1);
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
