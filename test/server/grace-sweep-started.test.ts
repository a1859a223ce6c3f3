import { describe, expect, it } from 'vitest';
import { setUpTestAnvil } from '../support/anvil';
import { uniqueEmail } from './helpers/accounts';
import { setUpStartedAccount } from './helpers/started-account';
import { field, json, signUp } from './helpers/started-server';

/**
 * The review's reproduction of the grace sweep dropping paying customers, on `npm start` with
 * WORKERS=1 and 2: no grace (BILLING_GRACE_DAYS=0) and a check every second, while customers loop
 * through the portal's test clock — renewal declined, a short pause, then retry the payment (or,
 * for every third, upgrade to Professional and pay). Whatever the sweep did meanwhile, each
 * customer's money and plan must agree at the end: a paid plan with a live subscription and a
 * paid last invoice, or Free with no subscription and nothing paid for the renewal that failed.
 */
const anvil = setUpTestAnvil();

const card = new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(url: string, token: string, path: string, body?: unknown): Promise<unknown> {
  return json(
    await fetch(`${url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
}

/** A form post as the browser sends it from a test-mode page; the status and where it leads. */
async function postForm(pageUrl: string, fields: URLSearchParams): Promise<{ status: number; location: string | null }> {
  const answer = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  await answer.arrayBuffer();
  return { status: answer.status, location: answer.headers.get('location') };
}

interface Customer {
  readonly token: string;
  readonly portalUrl: string;
}

async function payingCustomer(url: string, label: string): Promise<Customer> {
  const { token } = await signUp(url, uniqueEmail(label));
  const checkoutUrl = field(await api(url, token, '/users/subscribe', { planId: 2, frequency: 'MONTHLY' }), 'url');
  if (typeof checkoutUrl !== 'string') throw new Error('subscribe answered no url');
  expect((await postForm(checkoutUrl, card)).status).toBe(303);
  const portalUrl = field(await api(url, token, '/users/stripe'), 'url');
  if (typeof portalUrl !== 'string') throw new Error('no portal url');
  return { token, portalUrl };
}

/** Declined renewals, each followed after a pause by a retried payment or an upgrade, until `until` or the subscription ended. */
async function loop(customer: Customer, upgrades: boolean, until: number): Promise<void> {
  const act = (action: string, extra: Record<string, string> = {}) =>
    postForm(customer.portalUrl, new URLSearchParams({ action, ...extra }));
  while (Date.now() < until) {
    if ((await act('renew-declined')).status !== 303) return;
    await pause(Math.floor(Math.random() * 60));
    if (upgrades) {
      const switched = await act('switch', { planId: '4', frequency: 'MONTHLY' });
      if (switched.status === 303 && switched.location?.includes('/checkout/')) await postForm(switched.location, card);
      upgrades = false;
    } else {
      await act('retry-payment');
    }
    await pause(Math.floor(Math.random() * 200));
  }
}

describe.each(['1', '2'])('the grace sweep racing retried payments and upgrades, WORKERS=%s', (workers) => {
  const server = setUpStartedAccount({
    name: `grace-race-${workers}`,
    settings: () => ({ WORKERS: workers, BILLING_GRACE_DAYS: '0', BILLING_CHECK_SECONDS: '1', ...anvil.upstream() }),
  });

  it('no customer who paid ends on Free, and no one on Free paid for the renewal that failed', async () => {
    const customers = await Promise.all(Array.from({ length: 16 }, (_, index) => payingCustomer(server.url, `grace${workers}x${index}`)));
    const until = Date.now() + 8_000;
    await Promise.all(customers.map((customer, index) => loop(customer, index % 3 === 0, until)));
    // Past the next check: whatever is still past due ends now.
    await pause(2_500);
    let ended = 0;
    const disagreements: string[] = [];
    for (const [index, customer] of customers.entries()) {
      const plan = field(await api(server.url, customer.token, '/users/plan'), 'name');
      const subscription = field(await api(server.url, customer.token, '/users/subscription'), 'subscription');
      const invoices = await api(server.url, customer.token, '/payment/invoices');
      const newest = Array.isArray(invoices) ? field(invoices[0], 'status') : undefined;
      const standing = `customer ${index}: ${String(plan)}, subscription ${subscription === null ? 'none' : String(field(subscription, 'status'))}, newest invoice ${String(newest)}`;
      if (subscription === null) {
        ended += 1;
        if (plan !== 'Free' || newest !== 'void') disagreements.push(standing);
      } else if (
        field(subscription, 'status') !== 'active' ||
        field(subscription, 'planName') !== plan ||
        !['Developer', 'Professional'].includes(String(plan)) ||
        newest !== 'paid'
      ) {
        disagreements.push(standing);
      }
    }
    expect(disagreements).toEqual([]);
    // The sweep did end some (no grace, a check every second): the race was run, not avoided.
    expect(ended).toBeGreaterThan(0);
  }, 120_000);
});
