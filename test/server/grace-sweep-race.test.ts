import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import type { Db, Queryable } from '@server/db/db';
import type { Billing } from '@server/payments/billing';
import type { LocalProvider } from '@server/payments/local/local-provider';
import { bearer, signedInUser } from './helpers/accounts';
import { localBilling } from './helpers/local-billing';
import { memberAt } from './helpers/audit';
import { startTestApp, type TestApp } from './helpers/test-app';
import { me } from './gateway-harness';

type ApiPlan = components['schemas']['Plan'];
type CardForm = components['schemas']['TestModeCardForm'];
type PortalForm = components['schemas']['TestModePortalForm'];

/**
 * The grace-period sweep against the payments that race it. With no grace at all
 * (BILLING_GRACE_DAYS=0) every declined renewal is due the moment it fails, so the sweep and the
 * customers' retried payments and upgrades meet as often as they can. Whatever the order, the
 * money and the plan must agree for every customer:
 * - paid (the provider's subscription active): on the paid plan, our mirror active;
 * - ended (the provider's subscription cancelled): on Free, and charged nothing for the renewal
 *   that failed (its invoice void, never paid).
 * A customer who paid and ended on Free, or a cancelled subscription still on a paid plan, fails.
 */
let server: TestApp;
let local: LocalProvider;
let billing: Billing;
/** Runs once, just before the next transaction billing opens (then it is cleared): a way to land payments mid-sweep. */
let beforeNextTransaction: (() => Promise<void>) | null = null;

/** The app's database, with a hook that lets a test act between the sweep's read and its writes. */
function hooked(db: Db): Db {
  return {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    transaction: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
      const hook = beforeNextTransaction;
      beforeNextTransaction = null;
      if (hook !== null) await hook();
      return db.transaction(fn);
    },
  };
}

beforeAll(async () => {
  server = await startTestApp({ SESSION_TTL_HOURS: '8760' });
  ({ local, billing } = localBilling(server, { db: hooked(server.app.db), graceDays: 0 }));
});
afterAll(async () => server.close());

const successCard: CardForm = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };
const lastSegment = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

interface Customer {
  readonly userId: number;
  readonly token: string;
  act(form: PortalForm): Promise<{ status: number; location?: string }>;
}

/** A customer paying for `planId` monthly, with their portal open. */
async function payingCustomer(label: string, planId: number): Promise<Customer> {
  const { token } = await signedInUser(server.app, label);
  const userId = (await me(server.app, token)).id;
  const started = await billing.subscribe(memberAt(server, userId), planId, 'MONTHLY');
  expect(await local.pages.pay(lastSegment(started.url), successCard)).toMatchObject({ status: 303 });
  const portalToken = lastSegment(await billing.portalUrl(userId));
  return { userId, token, act: (form) => local.pages.portalAction(portalToken, form) };
}

/** Declined renewals: past due, and (no grace) due for the sweep at once. */
async function declineRenewals(customers: readonly Customer[]): Promise<void> {
  for (const customer of customers) expect(await customer.act({ action: 'renew-declined' })).toMatchObject({ status: 303 });
}

/** The customer pays the open renewal with the card on file; 409 once the subscription ended. */
const retryPayment = (customer: Customer) => customer.act({ action: 'retry-payment' });

/** A past-due customer upgrades to Professional: a change checkout of the same subscription, paid. */
async function upgrade(customer: Customer): Promise<void> {
  const answer = await customer.act({ action: 'switch', planId: '4', frequency: 'MONTHLY' });
  if (answer.status !== 303 || answer.location === undefined) return;
  await local.pages.pay(lastSegment(answer.location), successCard);
}

interface Standing {
  readonly plan: string;
  readonly mirror: string | null;
  readonly atProvider: string;
  /** The newest invoice: the declined renewal, its retry (paid), or an upgrade's change (paid). */
  readonly lastInvoicePaid: boolean;
}

/** Where the customer stands: their plan, our mirror of the subscription, the provider's, and whether their newest invoice was paid. */
async function standing(customer: Customer): Promise<Standing> {
  const plan: ApiPlan = (await server.app.inject({ method: 'GET', url: '/api/users/plan', headers: bearer(customer.token) })).json();
  const { rows: mirrors } = await server.app.db.query<{ status: string }>('SELECT status FROM subscriptions WHERE user_id = $1', [
    customer.userId,
  ]);
  const { rows: subscriptions } = await server.app.db.query<{ status: string }>(
    'SELECT status FROM local_subscriptions WHERE user_id = $1',
    [customer.userId],
  );
  const { rows: invoices } = await server.app.db.query<{ status: string }>(
    `SELECT i.status FROM local_invoices i JOIN local_subscriptions s ON s.id = i.subscription_id
     WHERE s.user_id = $1 ORDER BY i.number DESC LIMIT 1`,
    [customer.userId],
  );
  expect(mirrors).toHaveLength(1);
  expect(subscriptions).toHaveLength(1);
  return {
    plan: plan.name,
    mirror: mirrors[0]?.status ?? null,
    atProvider: subscriptions[0]?.status ?? '',
    lastInvoicePaid: invoices[0]?.status === 'paid',
  };
}

/** Money and plan agree: paid last and on the paid plan, or ended, on Free and charged nothing for the renewal that failed. */
function expectConsistent(who: Standing, paidPlans: readonly string[]): void {
  if (who.atProvider === 'active') {
    expect(who).toMatchObject({ mirror: 'active', lastInvoicePaid: true });
    expect(paidPlans).toContain(who.plan);
  } else {
    expect(who).toEqual({ plan: 'Free', mirror: 'canceled', atProvider: 'canceled', lastInvoicePaid: false });
  }
}

describe('the grace sweep and the payments that race it (BILLING_GRACE_DAYS=0)', () => {
  it('payments that land after the sweep listed its rows keep every paying customer on their plan', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, (_, index) => payingCustomer(`mid-sweep-${index}`, 2)));
    await declineRenewals(customers);
    // The sweep has listed all eight as past due; before it changes anything, every customer pays.
    const retries: number[] = [];
    beforeNextTransaction = async () => {
      for (const customer of customers) retries.push((await retryPayment(customer)).status);
    };
    await billing.endExpiredGrace();
    expect(beforeNextTransaction).toBeNull();
    const standings = await Promise.all(customers.map(standing));
    for (const who of standings) expectConsistent(who, ['Developer']);
    // Whoever paid in time kept the plan: at most the one row the sweep was already ending lost it (unpaid).
    expect(retries.filter((status) => status === 303).length).toBeGreaterThanOrEqual(customers.length - 1);
    expect(standings.filter((who) => who.plan === 'Developer').length).toBe(retries.filter((status) => status === 303).length);
  });

  it('upgrades that land after the sweep listed its rows keep the customers on the higher plan', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, index) => payingCustomer(`upgrade-mid-sweep-${index}`, 2)));
    await declineRenewals(customers);
    beforeNextTransaction = async () => {
      for (const customer of customers) await upgrade(customer);
    };
    await billing.endExpiredGrace();
    const standings = await Promise.all(customers.map(standing));
    for (const who of standings) expectConsistent(who, ['Professional']);
    expect(standings.filter((who) => who.plan === 'Professional').length).toBeGreaterThanOrEqual(customers.length - 1);
  });

  it('rounds of declined renewals, retries and upgrades racing repeated sweeps leave money and plans in agreement', async () => {
    const customers = await Promise.all(Array.from({ length: 12 }, (_, index) => payingCustomer(`storm-${index}`, 2)));
    for (let round = 0; round < 4; round += 1) {
      const live = [];
      for (const customer of customers) if ((await standing(customer)).atProvider === 'active') live.push(customer);
      await declineRenewals(live);
      const pause = () => new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 4)));
      await Promise.all([
        billing.endExpiredGrace(),
        billing.endExpiredGrace(),
        ...live.map(async (customer, index) => {
          await pause();
          if (index % 3 === 0) await upgrade(customer);
          else await retryPayment(customer);
        }),
      ]);
      for (const who of await Promise.all(customers.map(standing))) expectConsistent(who, ['Developer', 'Professional']);
    }
  });
});
