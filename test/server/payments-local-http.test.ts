import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@/api/schema';
import { bearer, signedInUser } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';

type ApiPlan = components['schemas']['Plan'];
type SubscriptionState = components['schemas']['SubscriptionState'];

/**
 * The test-mode provider as a browser meets it, through the server's own routes: the dashboard's
 * API starts the checkout and opens the portal, the pages answer HTML with their own policy, the
 * forms post URL-encoded, and the dashboard's API then tells the new plan.
 */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => server.close());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const successCard = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ada Lovelace' };

/** The path of one of our URLs, as the browser would request it of this server. */
const pathOf = (url: string) => new URL(url).pathname;

async function apiGet<T>(token: string, url: string): Promise<T> {
  const answer = await server.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function subscribe(token: string, planId: number): Promise<{ url: string; checkoutId: string }> {
  const answer = await server.app.inject({
    method: 'POST',
    url: '/api/users/subscribe',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ planId, frequency: 'MONTHLY' }),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

const post = (url: string, fields: Record<string, string>) =>
  server.app.inject({
    method: 'POST',
    url: pathOf(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });

describe('test mode through the server', () => {
  it('checkout: the page, a declined card, then the success card moves the user to the plan before the browser returns', async () => {
    const { token } = await signedInUser(server.app, 'http-checkout');
    const { url, checkoutId } = await subscribe(token, 2);
    expect(url).toMatch(new RegExp(`^${server.config.publicUrl}/api/payment/test-mode/checkout/lco_`));

    const page = await server.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(page.body).toContain('$49.00 per month');
    expect(page.headers['content-security-policy']).toMatch(/; script-src 'sha256-[^']+';/);

    const declined = await post(url, { ...successCard, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await apiGet<ApiPlan>(token, '/api/users/plan')).toMatchObject({ name: 'Free' });

    const paid = await post(url, successCard);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${server.config.publicUrl}/billing/success?checkout=${checkoutId}`);
    expect(await apiGet<ApiPlan>(token, '/api/users/plan')).toMatchObject({
      name: 'Developer',
      rate: 50,
      maxKey: 10,
      entitlements: { requestLog: true, metrics: true, chat: true, staked: true, geyser: false, autoscaling: true, invites: true },
    });
    expect(await apiGet(token, `/api/payment/checkouts/${checkoutId}`)).toMatchObject({ status: 'complete', amount: 4_900 });
    expect(await apiGet(token, '/api/payment/invoices')).toEqual([
      expect.objectContaining({ amount: 4_900, status: 'paid', currency: 'USD' }),
    ]);

    // Pressed again (the back button, a second tab): no second charge, on to the dashboard.
    const again = await post(url, successCard);
    expect(again.statusCode).toBe(303);
    expect(await apiGet<unknown[]>(token, '/api/payment/invoices')).toHaveLength(1);
  });

  it('an upgrade of a paying user, then the portal: cancel at period end, and the test clock ends the plan', async () => {
    const { token } = await signedInUser(server.app, 'http-portal');
    expect((await post((await subscribe(token, 2)).url, successCard)).statusCode).toBe(303);
    const upgrade = await subscribe(token, 3);
    expect((await server.app.inject({ method: 'GET', url: pathOf(upgrade.url) })).body).toContain('due today');
    expect((await post(upgrade.url, successCard)).statusCode).toBe(303);
    expect(await apiGet<ApiPlan>(token, '/api/users/plan')).toMatchObject({ name: 'Business' });

    const { url: portalUrl } = await apiGet<{ url: string }>(token, '/api/users/stripe');
    expect(portalUrl).toMatch(new RegExp(`^${server.config.publicUrl}/api/payment/test-mode/portal/`));
    const portal = await server.app.inject({ method: 'GET', url: pathOf(portalUrl) });
    expect(portal.statusCode).toBe(200);
    expect(portal.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    expect(portal.body).toContain('<strong>Business</strong>');

    const cancel = await post(portalUrl, { action: 'cancel' });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe(`${portalUrl}?notice=cancelled`);
    const said = await server.app.inject({ method: 'GET', url: `${pathOf(portalUrl)}?notice=cancelled` });
    expect(said.body).toContain('<p class="success" role="status">Your plan is cancelled');
    expect((await server.app.inject({ method: 'GET', url: `${pathOf(portalUrl)}?notice=bogus` })).statusCode).toBe(400);
    expect((await apiGet<SubscriptionState>(token, '/api/users/subscription')).subscription).toMatchObject({ cancelAtPeriodEnd: true });

    expect((await post(portalUrl, { action: 'renew' })).statusCode).toBe(303);
    expect(await apiGet<ApiPlan>(token, '/api/users/plan')).toMatchObject({ name: 'Free' });
    expect((await apiGet<SubscriptionState>(token, '/api/users/subscription')).subscription).toBeNull();
    expect((await post(portalUrl, { action: 'cancel' })).statusCode).toBe(409);
    expect((await post(portalUrl, { action: 'explode' })).statusCode).toBe(400);
  });
  it('a checkout replaced by a plan switch in the portal reads expired, as paying it answers', async () => {
    const { token } = await signedInUser(server.app, 'http-replaced');
    expect((await post((await subscribe(token, 2)).url, successCard)).statusCode).toBe(303);
    const upgrade = await subscribe(token, 3);
    expect(await apiGet(token, `/api/payment/checkouts/${upgrade.checkoutId}`)).toMatchObject({ status: 'open' });

    const { url: portalUrl } = await apiGet<{ url: string }>(token, '/api/users/stripe');
    const switched = await post(portalUrl, { action: 'switch', planId: '4', frequency: 'MONTHLY' });
    expect(switched.statusCode).toBe(303);
    expect(await apiGet(token, `/api/payment/checkouts/${upgrade.checkoutId}`)).toMatchObject({ status: 'expired' });
    expect((await post(upgrade.url, successCard)).statusCode).toBe(409);
    // Recorded so: it stays expired, and the plan did not move.
    expect(await apiGet(token, `/api/payment/checkouts/${upgrade.checkoutId}`)).toMatchObject({ status: 'expired' });
    expect(await apiGet<ApiPlan>(token, '/api/users/plan')).toMatchObject({ name: 'Developer' });
  });
});
