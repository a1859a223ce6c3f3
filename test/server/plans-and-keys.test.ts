import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signedInUser } from './helpers/accounts';
import { startTestApp, type TestApp } from './helpers/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

describe('plans and keys', () => {
  it('lists each plan once per billing frequency, in plan order, yearly at 12 × monthly × 0.9', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const plans: Array<{
      name: string;
      billingFrequency: string;
      price: number | null;
      credit: number | null;
      rate: number | null;
      maxKey: number | null;
    }> = response.json();
    const order = ['Free', 'Developer', 'Business', 'Professional', 'Enterprise'];
    expect(plans.filter((plan) => plan.billingFrequency === 'MONTHLY').map((plan) => plan.name)).toEqual(order);
    expect(plans.filter((plan) => plan.billingFrequency === 'ANNUALY').map((plan) => plan.name)).toEqual(order);
    expect(plans).toHaveLength(10);
    const developerYearly = plans.find((plan) => plan.name === 'Developer' && plan.billingFrequency === 'ANNUALY');
    expect(developerYearly?.price).toBe(52_920);
    expect(plans.find((plan) => plan.name === 'Professional' && plan.billingFrequency === 'MONTHLY')).toMatchObject({
      price: 49_900,
      credit: 5_000_000,
      rate: 500,
      maxKey: null,
    });
    expect(plans.find((plan) => plan.name === 'Enterprise')).toMatchObject({ price: null, credit: null, rate: null, maxKey: null });
  });

  it("answers the user's plan with the user's billing frequency and what the plan unlocks (nothing on Free)", async () => {
    const { token } = await signedInUser(server.app);
    const response = await server.app.inject({ method: 'GET', url: '/api/users/plan', headers: bearer(token) });
    expect(response.json()).toEqual({
      id: 1,
      name: 'Free',
      description: expect.any(String),
      price: 0,
      credit: 500_000,
      rate: 10,
      maxKey: 3,
      billingFrequency: 'MONTHLY',
      entitlements: { requestLog: false, metrics: false, chat: false, staked: false, geyser: false, autoscaling: false, invites: false },
    });
  });

  it("lists only the user's own keys, the first one named 'Default key'", async () => {
    const alice = await signedInUser(server.app, 'alice');
    await signedInUser(server.app, 'bob');
    const keys = (await server.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(alice.token) })).json();
    const me = (await server.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(alice.token) })).json();
    expect(keys).toEqual([
      {
        id: expect.any(Number),
        name: 'Default key',
        apiKey: me.apiKey,
        createdAt: expect.any(String),
        environment: null,
        expiresAt: null,
        previousKey: null,
        previousKeyUntil: null,
      },
    ]);
  });
});

describe('GET /api/config', () => {
  it('answers the configured product name and links', async () => {
    const custom = await startTestApp({ PRODUCT_NAME: 'Acme RPC', DOCS_URL: 'https://docs.acme.test/', SALES_EMAIL: 'deals@acme.test' });
    try {
      const response = await custom.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.json()).toMatchObject({
        productName: 'Acme RPC',
        documentationUrl: 'https://docs.acme.test',
        salesEmail: 'deals@acme.test',
        googleSignIn: true,
      });
    } finally {
      await custom.close();
    }
  });
});
