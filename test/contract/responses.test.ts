import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '@server/auth/accounts';
import { loadOpenApiDocument } from '@server/openapi/document';
import { listOperations } from '@server/openapi/operations';
import { bearer, goodPassword, login, register, signedInUser, uniqueEmail, verificationToken } from '../server/helpers/accounts';
import { setUpPostgresServer } from '../server/helpers/postgres-server';
import { keyHolder, me, putOnPlan, rpc } from '../server/gateway-harness';
import { inviteToken } from '../server/helpers/team';
import { projectIdFor } from '@/domain/project-settings';
import { startTestApp, type TestApp } from '../server/helpers/test-app';
import type { TestDatabase } from '../server/helpers/test-database';
import { ContractChecker } from './helpers/contract-checker';
import { productionSettings as production } from '../server/helpers/production-settings';

/**
 * The operations each test below answers. Each test checks it answers exactly these, and the last
 * one checks that together they are the whole contract: no test depends on another having run.
 */
const covers = {
  'config and plans': ['getConfig', 'listPlans'],
  'terms and privacy policy': ['getLegalDocument'],
  'system status': ['getStatus'],
  register: ['register'],
  'login and logout': ['login', 'logout'],
  'password reset': ['forgotPassword', 'resetPassword'],
  'e-mail verification': ['verifyEmail', 'resendVerification'],
  'session of the signed-in user': ['getMe', 'getUserPlan', 'listApiKeys'],
  'billing: checkout, test-mode payment, portal, invoices': [
    'subscribe',
    'getCheckout',
    'getSubscription',
    'listInvoices',
    'getCustomerPortal',
    'testModeCheckoutPage',
    'testModePay',
    'testModePortalPage',
    'testModePortalAction',
    'testModeReceiptPage',
  ],
  'the Stripe webhook': ['stripeWebhook'],
  'API keys: create up to the limit, rename, delete': ['createApiKey', 'renameApiKey', 'deleteApiKey'],
  'access control lists': ['getAccessControl', 'putAccessControl'],
  "a key's own rules": ['getKeyRules', 'putKeyRules'],
  'rolling a key and its expiry': ['rollApiKey', 'setKeyExpiry'],
  'project: read and rename': ['getProject', 'renameProject'],
  'project: autoscaling': ['putAutoscaling'],
  'audit log': ['listAuditLog'],
  'teams: projects, members, invites, roles, ownership': [
    'listProjects',
    'listMembers',
    'inviteMember',
    'revokeInvite',
    'getInvite',
    'acceptInvite',
    'changeMemberRole',
    'removeMember',
    'leaveProject',
    'transferOwnership',
  ],
  'usage report': ['getUsage'],
  'usage series, request log and alert settings': [
    'getUsageSeries',
    'getRequestLog',
    'putRequestLog',
    'getAlertSettings',
    'putAlertSettings',
  ],
  'health probes': ['getHealthz', 'getReadyz'],
  'Google sign-in and the cookie exchange': ['googleStart', 'googleCallback', 'exchangeToken'],
} satisfies Record<string, readonly string[]>;

/** The checker of the test running now: a fresh one per test. */
let contract = new ContractChecker();
let local: TestApp;
let prod: TestApp;
// Production requires DATABASE_URL: the production app is on a real PostgreSQL server.
const postgres = setUpPostgresServer();
let prodDatabase: TestDatabase;

beforeAll(async () => {
  prodDatabase = await postgres.database();
  [local, prod] = await Promise.all([startTestApp(), startTestApp(production, { database: prodDatabase })]);
});
afterAll(async () => {
  await Promise.all([local.close(), prod.close()]);
  await prodDatabase.drop();
});

async function call(operationId: string, request: InjectOptions, server: TestApp = local): Promise<{ statusCode: number; body: string }> {
  const answer = await server.app.inject(request);
  contract.check(operationId, answer);
  return answer;
}

/** A test whose answers are checked against openapi.yaml, and which answers exactly the operations it declares. */
function contractTest(name: keyof typeof covers, run: () => Promise<void>) {
  it(name, async () => {
    contract = new ContractChecker();
    await run();
    expect([...contract.seen.keys()].sort()).toEqual([...covers[name]].sort());
  });
}

describe('every answer matches openapi.yaml', () => {
  contractTest('config and plans', async () => {
    await call('getConfig', { method: 'GET', url: '/api/config' });
    await call('getConfig', { method: 'GET', url: '/api/config' }, prod);
    await call('listPlans', { method: 'GET', url: '/api/plans' });
  });

  contractTest('terms and privacy policy', async () => {
    await call('getLegalDocument', { method: 'GET', url: '/api/legal/terms' });
    await call('getLegalDocument', { method: 'GET', url: '/api/legal/privacy' }, prod);
    await call('getLegalDocument', { method: 'GET', url: '/api/legal/cookies' });
    expect(contract.seen.get('getLegalDocument')).toEqual(new Set([200, 404]));
  });

  contractTest('system status', async () => {
    await call('getStatus', { method: 'GET', url: '/api/status' });
    expect(contract.seen.get('getStatus')).toEqual(new Set([200]));
  });

  contractTest('register', async () => {
    const email = uniqueEmail();
    await call('register', {
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: goodPassword, firstname: 'a', lastname: 'b', company: 'c' },
    });
    await call('register', { method: 'POST', url: '/api/auth/register', payload: { email, password: goodPassword } });
    await call('register', { method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail(), password: 'weak' } });
    await call('register', { method: 'POST', url: '/api/auth/register', payload: { email: 'nope', password: goodPassword } });
  });

  contractTest('login and logout', async () => {
    const email = uniqueEmail();
    await register(local.app, email);
    const ok = await call('login', { method: 'POST', url: '/api/auth/login', payload: { email, password: goodPassword } });
    const { access_token: token } = JSON.parse(ok.body);
    await call('login', { method: 'POST', url: '/api/auth/login', payload: { email } });
    for (let i = 0; i < 5; i += 1) {
      await call('login', {
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'Wrong$Passw0rd' },
        remoteAddress: '10.9.0.1',
      });
    }
    expect(
      (
        await call('login', {
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: goodPassword },
          remoteAddress: '10.9.0.1',
        })
      ).statusCode,
    ).toBe(429);
    await call('logout', { method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    await call('logout', { method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
  });

  contractTest('password reset', async () => {
    const email = uniqueEmail();
    await register(local.app, email);
    await call('forgotPassword', { method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await call('forgotPassword', { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'x' } });
    for (let i = 0; i < 6; i += 1) {
      await call('forgotPassword', {
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'limit@example.com' },
        remoteAddress: `10.8.0.${i}`,
      });
    }
    const token =
      local.app.outbox
        .findLast((mail) => mail.to === email)
        ?.link?.split('/')
        .pop() ?? '';
    await call('resetPassword', { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'weak' } });
    await call('resetPassword', { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3w&Better!' } });
    await call('resetPassword', { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'N3w&Better!' } });
    expect(contract.seen.get('forgotPassword')).toEqual(new Set([200, 400, 429]));
  });

  contractTest('e-mail verification', async () => {
    const { email, token } = await signedInUser(local.app);
    const verify = (payload: unknown, remoteAddress = '127.0.0.1') =>
      call('verifyEmail', {
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
        remoteAddress,
      });
    const resend = (headers: Record<string, string>) =>
      call('resendVerification', { method: 'POST', url: '/api/auth/resend-verification', headers });
    await resend({});
    for (let i = 0; i < 4; i += 1) await resend(bearer(token));
    await verify({});
    await verify({ token: 'x', extra: true });
    for (let i = 0; i < 21; i += 1) await verify({ token: 'A'.repeat(43) }, '10.7.0.1');
    await verify({ token: verificationToken(local.app, email) });
    await resend(bearer(token));
    expect(contract.seen.get('verifyEmail')).toEqual(new Set([200, 400, 429]));
    expect(contract.seen.get('resendVerification')).toEqual(new Set([200, 401, 409, 429]));
  });

  contractTest('session of the signed-in user', async () => {
    const { token } = await signedInUser(local.app);
    for (const [operationId, url] of [
      ['getMe', '/api/users/me'],
      ['getUserPlan', '/api/users/plan'],
      ['listApiKeys', '/api/apiKeys'],
    ] as const) {
      await call(operationId, { method: 'GET', url, headers: bearer(token) });
      await call(operationId, { method: 'GET', url });
    }
  });

  contractTest('billing: checkout, test-mode payment, portal, invoices', async () => {
    const { token } = await signedInUser(local.app);
    const subscribe = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
      call('subscribe', { method: 'POST', url: '/api/users/subscribe', headers, payload: JSON.stringify(payload) });
    const json = { 'content-type': 'application/json' };
    await subscribe({ planId: 2, frequency: 'WEEKLY' }, { ...json, ...bearer(token) });
    await subscribe({ planId: 99, frequency: 'MONTHLY' }, { ...json, ...bearer(token) });
    await subscribe({ planId: 1, frequency: 'MONTHLY' }, { ...json, ...bearer(token) });
    await subscribe({ planId: 2, frequency: 'MONTHLY' }, json);
    const started: { url: string; checkoutId: string } = JSON.parse(
      (await subscribe({ planId: 2, frequency: 'MONTHLY' }, { ...json, ...bearer(token) })).body,
    );
    const checkoutPath = new URL(started.url).pathname;
    await call('getCheckout', { method: 'GET', url: `/api/payment/checkouts/${started.checkoutId}`, headers: bearer(token) });
    await call('getCheckout', { method: 'GET', url: '/api/payment/checkouts/chk_unknown', headers: bearer(token) });
    await call('getCheckout', { method: 'GET', url: `/api/payment/checkouts/${started.checkoutId}` });
    await call('testModeCheckoutPage', { method: 'GET', url: checkoutPath });
    await call('testModeCheckoutPage', { method: 'GET', url: '/api/payment/test-mode/checkout/lco_unknown' });
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const pay = (cardNumber: string, path = checkoutPath) =>
      call('testModePay', {
        method: 'POST',
        url: path,
        headers: form,
        payload: new URLSearchParams({ cardNumber, expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' }).toString(),
      });
    await pay('4000 0000 0000 0002');
    await pay('1234');
    await pay('4242 4242 4242 4242', '/api/payment/test-mode/checkout/lco_unknown');
    await pay('4242 4242 4242 4242');
    await subscribe({ planId: 2, frequency: 'MONTHLY' }, { ...json, ...bearer(token) });
    await call('getSubscription', { method: 'GET', url: '/api/users/subscription', headers: bearer(token) });
    await call('getSubscription', { method: 'GET', url: '/api/users/subscription' });
    const invoices = await call('listInvoices', { method: 'GET', url: '/api/payment/invoices', headers: bearer(token) });
    await call('listInvoices', { method: 'GET', url: '/api/payment/invoices' });
    const receiptPath = new URL(JSON.parse(invoices.body)[0].url).pathname;
    await call('testModeReceiptPage', { method: 'GET', url: receiptPath });
    await call('testModeReceiptPage', { method: 'GET', url: '/api/payment/test-mode/invoices/lin_unknown' });
    const portal = await call('getCustomerPortal', { method: 'GET', url: '/api/users/stripe', headers: bearer(token) });
    await call('getCustomerPortal', { method: 'GET', url: '/api/users/stripe' });
    const portalPath = new URL(JSON.parse(portal.body).url).pathname;
    await call('testModePortalPage', { method: 'GET', url: portalPath });
    await call('testModePortalPage', { method: 'GET', url: '/api/payment/test-mode/portal/unknown' });
    const act = (fields: Record<string, string>, path = portalPath) =>
      call('testModePortalAction', { method: 'POST', url: path, headers: form, payload: new URLSearchParams(fields).toString() });
    await act({ action: 'cancel' });
    await act({ action: 'update-card', cardNumber: '4000 0000 0000 0002', expiry: '12 / 40', cvc: '123', name: 'Ada Lovelace' });
    await act({ action: 'dance' });
    await act({ action: 'cancel' }, '/api/payment/test-mode/portal/unknown');
    // Test-mode pages are never mounted in production, and the webhook there is Stripe's.
    for (const url of [checkoutPath, portalPath, receiptPath]) expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  contractTest('the Stripe webhook', async () => {
    const event = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', created: 1, data: { object: {} } });
    const headers = { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' };
    await call('stripeWebhook', { method: 'POST', url: '/api/payment/stripe/webhook', headers, payload: event });
    await call('stripeWebhook', { method: 'POST', url: '/api/payment/stripe/webhook', headers, payload: event }, prod);
    await call('stripeWebhook', { method: 'POST', url: '/api/payment/stripe/webhook', headers, payload: '{"id":1}' }, prod);
    expect(contract.seen.get('stripeWebhook')).toEqual(new Set([400, 404]));
  });

  contractTest('API keys: create up to the limit, rename, delete', async () => {
    const { token } = await signedInUser(local.app);
    const other = await signedInUser(local.app);
    const created = await call('createApiKey', { method: 'POST', url: '/api/apiKeys', headers: bearer(token) });
    const { id } = JSON.parse(created.body);
    await call('createApiKey', { method: 'POST', url: '/api/apiKeys', headers: bearer(token), payload: { name: 'CI' } });
    expect((await call('createApiKey', { method: 'POST', url: '/api/apiKeys', headers: bearer(token) })).statusCode).toBe(429);
    await call('createApiKey', { method: 'POST', url: '/api/apiKeys', headers: bearer(token), payload: { name: 'x', extra: 1 } });
    await call('createApiKey', { method: 'POST', url: '/api/apiKeys', payload: { name: 'x' } });
    await call('renameApiKey', { method: 'PATCH', url: `/api/apiKeys/${id}`, headers: bearer(token), payload: { name: 'new' } });
    await call('renameApiKey', { method: 'PATCH', url: `/api/apiKeys/${id}`, headers: bearer(token), payload: { name: '   ' } });
    await call('renameApiKey', { method: 'PATCH', url: `/api/apiKeys/${id}`, headers: bearer(other.token), payload: { name: 'mine' } });
    await call('renameApiKey', { method: 'PATCH', url: `/api/apiKeys/${id}`, payload: { name: 'new' } });
    await call('deleteApiKey', { method: 'DELETE', url: `/api/apiKeys/${id}`, headers: bearer(other.token) });
    await call('deleteApiKey', { method: 'DELETE', url: `/api/apiKeys/${id}`, headers: bearer(token) });
    await call('deleteApiKey', { method: 'DELETE', url: '/api/apiKeys/0', headers: bearer(token) });
    await call('deleteApiKey', { method: 'DELETE', url: `/api/apiKeys/${id}` });
    expect(contract.seen.get('createApiKey')).toEqual(new Set([201, 400, 401, 429]));
    expect(contract.seen.get('renameApiKey')).toEqual(new Set([200, 400, 401, 404]));
    expect(contract.seen.get('deleteApiKey')).toEqual(new Set([204, 400, 401, 404]));
  });

  contractTest('access control lists', async () => {
    const { token } = await signedInUser(local.app);
    const lists = { domains: ['Example.com'], ips: ['203.0.113.7'], cidrs: ['10.0.0.0/8'] };
    await call('getAccessControl', { method: 'GET', url: '/api/accessControl', headers: bearer(token) });
    await call('putAccessControl', {
      method: 'PUT',
      url: '/api/accessControl',
      headers: bearer(token),
      payload: { ...lists, allowNoOrigin: true },
    });
    await call('getAccessControl', { method: 'GET', url: '/api/accessControl' });
    await call('putAccessControl', { method: 'PUT', url: '/api/accessControl', headers: bearer(token), payload: lists });
    await call('putAccessControl', {
      method: 'PUT',
      url: '/api/accessControl',
      headers: bearer(token),
      payload: { ...lists, ips: ['300.1.1.1'] },
    });
    await call('putAccessControl', { method: 'PUT', url: '/api/accessControl', headers: bearer(token), payload: { ...lists, extra: [] } });
    await call('putAccessControl', { method: 'PUT', url: '/api/accessControl', payload: lists });
    await call('getAccessControl', { method: 'GET', url: '/api/accessControl', headers: bearer(token) });
    expect(contract.seen.get('putAccessControl')).toEqual(new Set([200, 400, 401]));
  });

  contractTest("a key's own rules", async () => {
    const { token } = await signedInUser(local.app);
    const [key] = (await local.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(token) })).json<Array<{ id: number }>>();
    if (key === undefined) throw new Error('a new account has no key');
    const url = `/api/apiKeys/${key.id}/rules`;
    const rules = {
      domains: ['Example.com'],
      ips: null,
      cidrs: [],
      allowNoOrigin: true,
      methods: ['eth_call'],
      contracts: [],
      creditsPerDay: 5000,
      creditsPerCycle: null,
    };
    await call('getKeyRules', { method: 'GET', url, headers: bearer(token) });
    await call('putKeyRules', { method: 'PUT', url, headers: bearer(token), payload: rules });
    await call('putKeyRules', { method: 'PUT', url, headers: bearer(token), payload: { ...rules, methods: ['nope'] } });
    await call('putKeyRules', { method: 'PUT', url, headers: bearer(token), payload: { ...rules, creditsPerDay: 0 } });
    await call('putKeyRules', { method: 'PUT', url, payload: rules });
    await call('putKeyRules', { method: 'PUT', url: '/api/apiKeys/2000000000/rules', headers: bearer(token), payload: rules });
    await call('getKeyRules', { method: 'GET', url: '/api/apiKeys/2000000000/rules', headers: bearer(token) });
    await call('getKeyRules', { method: 'GET', url: '/api/apiKeys/x/rules', headers: bearer(token) });
    await call('getKeyRules', { method: 'GET', url });
    expect(contract.seen.get('putKeyRules')).toEqual(new Set([200, 400, 401, 404]));
    expect(contract.seen.get('getKeyRules')).toEqual(new Set([200, 400, 401, 404]));
  });

  contractTest('rolling a key and its expiry', async () => {
    const { token } = await signedInUser(local.app);
    const [key] = (await local.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(token) })).json<Array<{ id: number }>>();
    if (key === undefined) throw new Error('a new account has no key');
    const headers = bearer(token);
    const future = new Date(local.clock.now().getTime() + 86_400_000).toISOString();
    await call('rollApiKey', { method: 'POST', url: `/api/apiKeys/${key.id}/roll`, headers, payload: { grace: '24h' } });
    await call('rollApiKey', { method: 'POST', url: `/api/apiKeys/${key.id}/roll`, headers, payload: { grace: 'soon' } });
    await call('rollApiKey', { method: 'POST', url: `/api/apiKeys/${key.id}/roll`, payload: { grace: 'none' } });
    await call('rollApiKey', { method: 'POST', url: '/api/apiKeys/2000000000/roll', headers, payload: { grace: 'none' } });
    await call('setKeyExpiry', { method: 'PUT', url: `/api/apiKeys/${key.id}/expiry`, headers, payload: { expiresAt: future } });
    await call('setKeyExpiry', { method: 'PUT', url: `/api/apiKeys/${key.id}/expiry`, headers, payload: { expiresAt: null } });
    await call('setKeyExpiry', {
      method: 'PUT',
      url: `/api/apiKeys/${key.id}/expiry`,
      headers,
      payload: { expiresAt: '2000-01-01T00:00:00Z' },
    });
    await call('setKeyExpiry', { method: 'PUT', url: `/api/apiKeys/${key.id}/expiry`, payload: { expiresAt: null } });
    await call('setKeyExpiry', { method: 'PUT', url: '/api/apiKeys/2000000000/expiry', headers, payload: { expiresAt: null } });
    expect(contract.seen.get('rollApiKey')).toEqual(new Set([200, 400, 401, 404]));
    expect(contract.seen.get('setKeyExpiry')).toEqual(new Set([200, 400, 401, 404]));
  });

  contractTest('project: read and rename', async () => {
    const { token } = await signedInUser(local.app);
    await call('getProject', { method: 'GET', url: '/api/project', headers: bearer(token) });
    await call('getProject', { method: 'GET', url: '/api/project' });
    await call('renameProject', { method: 'PATCH', url: '/api/project', headers: bearer(token), payload: { name: ' Indexer ' } });
    await call('renameProject', { method: 'PATCH', url: '/api/project', headers: bearer(token), payload: { name: '   ' } });
    await call('renameProject', { method: 'PATCH', url: '/api/project', headers: bearer(token), payload: { name: 'x'.repeat(65) } });
    await call('renameProject', { method: 'PATCH', url: '/api/project', headers: bearer(token), payload: { name: 'Ok', extra: 1 } });
    await call('renameProject', { method: 'PATCH', url: '/api/project', payload: { name: 'Ok' } });
    await call('getProject', { method: 'GET', url: '/api/project', headers: bearer(token) });
    expect(contract.seen.get('getProject')).toEqual(new Set([200, 401]));
    expect(contract.seen.get('renameProject')).toEqual(new Set([200, 400, 401]));
  });

  contractTest('project: autoscaling', async () => {
    const free = await signedInUser(local.app);
    const paid = await keyHolder(local.app, 'autoscaling');
    await putOnPlan(local.app, local.clock, paid.userId, 'Developer');
    const url = '/api/project/autoscaling';
    await call('putAutoscaling', { method: 'PUT', url, headers: bearer(paid.token), payload: { enabled: true, percent: 60 } });
    await call('putAutoscaling', { method: 'PUT', url, headers: bearer(free.token), payload: { enabled: false, percent: 10 } });
    await call('putAutoscaling', { method: 'PUT', url, headers: bearer(free.token), payload: { enabled: true, percent: 10 } });
    await call('putAutoscaling', { method: 'PUT', url, headers: bearer(paid.token), payload: { enabled: true, percent: 101 } });
    await call('putAutoscaling', { method: 'PUT', url, payload: { enabled: true, percent: 10 } });
    expect(contract.seen.get('putAutoscaling')).toEqual(new Set([200, 400, 401, 403]));
  });

  contractTest('audit log', async () => {
    const { token } = await signedInUser(local.app);
    const auth = bearer(token);
    await local.app.inject({ method: 'PATCH', url: '/api/project', headers: auth, payload: { name: 'Audited' } });
    await local.app.inject({ method: 'POST', url: '/api/apiKeys', headers: auth, payload: { name: 'Audited key' } });
    const page = await call('listAuditLog', { method: 'GET', url: '/api/auditLog?limit=1', headers: auth });
    const { nextCursor } = JSON.parse(page.body);
    await call('listAuditLog', { method: 'GET', url: `/api/auditLog?limit=1&cursor=${nextCursor}&group=project`, headers: auth });
    await call('listAuditLog', { method: 'GET', url: '/api/auditLog?action=nope', headers: auth });
    await call('listAuditLog', { method: 'GET', url: '/api/auditLog' });
    expect(contract.seen.get('listAuditLog')).toEqual(new Set([200, 400, 401]));
  });

  contractTest('teams: projects, members, invites, roles, ownership', async () => {
    const owner = await keyHolder(local.app, 'team-owner');
    await putOnPlan(local.app, local.clock, owner.userId, 'Developer');
    const auth = bearer(owner.token);
    const ada = await signedInUser(local.app, 'team-ada');
    const bob = await signedInUser(local.app, 'team-bob');
    const invites = '/api/projects/current/invites';
    await call('inviteMember', { method: 'POST', url: invites, headers: auth, payload: { email: ada.email, role: 'developer' } });
    await call('inviteMember', { method: 'POST', url: invites, headers: auth, payload: { email: ada.email, role: 'viewer' } });
    await call('inviteMember', { method: 'POST', url: invites, headers: auth, payload: { email: 'nope', role: 'viewer' } });
    await call('inviteMember', { method: 'POST', url: invites });
    const token = inviteToken(local.app, ada.email);
    await call('getInvite', { method: 'GET', url: `/api/invites/${token}` });
    await call('getInvite', { method: 'GET', url: `/api/invites/${'A'.repeat(43)}` });
    await call('getInvite', { method: 'GET', url: '/api/invites/short' });
    await call('acceptInvite', { method: 'POST', url: `/api/invites/${token}/accept`, headers: bearer(bob.token) });
    await call('acceptInvite', { method: 'POST', url: `/api/invites/${token}/accept`, headers: bearer(ada.token) });
    await call('acceptInvite', { method: 'POST', url: `/api/invites/${token}/accept`, headers: bearer(ada.token) });
    await call('acceptInvite', { method: 'POST', url: `/api/invites/${'A'.repeat(43)}/accept`, headers: bearer(ada.token) });
    await call('acceptInvite', { method: 'POST', url: '/api/invites/short/accept', headers: bearer(ada.token) });
    await call('acceptInvite', { method: 'POST', url: `/api/invites/${token}/accept` });
    const adaHere = { ...bearer(ada.token), 'x-project': projectIdFor(owner.userId) };
    await call('listProjects', { method: 'GET', url: '/api/projects', headers: bearer(ada.token) });
    await call('listProjects', { method: 'GET', url: '/api/projects' });
    await call('listMembers', { method: 'GET', url: '/api/projects/current/members', headers: adaHere });
    await call('listMembers', { method: 'GET', url: '/api/projects/current/members', headers: { ...auth, 'x-project': 'bad' } });
    await call('listMembers', {
      method: 'GET',
      url: '/api/projects/current/members',
      headers: { ...bearer(bob.token), 'x-project': projectIdFor(owner.userId) },
    });
    await call('listMembers', { method: 'GET', url: '/api/projects/current/members' });
    const pending = await call('inviteMember', {
      method: 'POST',
      url: invites,
      headers: auth,
      payload: { email: bob.email, role: 'viewer' },
    });
    const { id } = JSON.parse(pending.body);
    await call('revokeInvite', { method: 'DELETE', url: `${invites}/${id}`, headers: adaHere });
    await call('revokeInvite', { method: 'DELETE', url: `${invites}/${id}`, headers: auth });
    await call('revokeInvite', { method: 'DELETE', url: `${invites}/${id}`, headers: auth });
    await call('revokeInvite', { method: 'DELETE', url: `${invites}/0`, headers: auth });
    await call('revokeInvite', { method: 'DELETE', url: `${invites}/1` });
    const adaId = (await me(local.app, ada.token)).id;
    const memberUrl = (userId: number) => `/api/projects/current/members/${userId}`;
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(adaId), headers: auth, payload: { role: 'billing' } });
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(owner.userId), headers: auth, payload: { role: 'billing' } });
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(2_000_000_000), headers: auth, payload: { role: 'billing' } });
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(adaId), headers: auth, payload: { role: 'owner' } });
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(adaId), headers: adaHere, payload: { role: 'viewer' } });
    await call('changeMemberRole', { method: 'PATCH', url: memberUrl(adaId), payload: { role: 'viewer' } });
    await call('transferOwnership', {
      method: 'POST',
      url: '/api/projects/current/owner',
      headers: auth,
      payload: { userId: 2_000_000_000 },
    });
    await call('transferOwnership', {
      method: 'POST',
      url: '/api/projects/current/owner',
      headers: auth,
      payload: { userId: owner.userId },
    });
    await call('transferOwnership', { method: 'POST', url: '/api/projects/current/owner', headers: auth, payload: {} });
    await call('transferOwnership', { method: 'POST', url: '/api/projects/current/owner', headers: adaHere, payload: { userId: adaId } });
    await call('transferOwnership', { method: 'POST', url: '/api/projects/current/owner', payload: { userId: adaId } });
    await call('transferOwnership', { method: 'POST', url: '/api/projects/current/owner', headers: auth, payload: { userId: adaId } });
    const ownerThere = { ...auth, 'x-project': projectIdFor(owner.userId) };
    const leave = '/api/projects/current/membership';
    await call('leaveProject', { method: 'DELETE', url: leave, headers: adaHere });
    await call('leaveProject', { method: 'DELETE', url: leave, headers: { ...auth, 'x-project': 'bad' } });
    await call('leaveProject', {
      method: 'DELETE',
      url: leave,
      headers: { ...bearer(bob.token), 'x-project': projectIdFor(owner.userId) },
    });
    await call('leaveProject', { method: 'DELETE', url: leave });
    await call('removeMember', { method: 'DELETE', url: memberUrl(adaId), headers: ownerThere });
    await call('removeMember', { method: 'DELETE', url: memberUrl(2_000_000_000), headers: adaHere });
    await call('removeMember', { method: 'DELETE', url: memberUrl(adaId), headers: adaHere });
    await call('removeMember', { method: 'DELETE', url: memberUrl(0), headers: adaHere });
    await call('removeMember', { method: 'DELETE', url: memberUrl(1) });
    await call('leaveProject', { method: 'DELETE', url: leave, headers: ownerThere });
    await local.app.inject({ method: 'POST', url: invites, headers: adaHere, payload: { email: bob.email, role: 'viewer' } });
    await local.app.inject({ method: 'POST', url: `/api/invites/${inviteToken(local.app, bob.email)}/accept`, headers: bearer(bob.token) });
    await call('removeMember', { method: 'DELETE', url: memberUrl((await me(local.app, bob.token)).id), headers: adaHere });
    expect(contract.seen.get('acceptInvite')).toEqual(new Set([200, 400, 401, 403, 404, 410]));
    expect(contract.seen.get('inviteMember')).toEqual(new Set([201, 400, 401, 409]));
    expect(contract.seen.get('removeMember')).toEqual(new Set([204, 400, 401, 403, 404, 409]));
    expect(contract.seen.get('leaveProject')).toEqual(new Set([204, 400, 401, 403, 409]));
    expect(contract.seen.get('transferOwnership')).toEqual(new Set([200, 400, 401, 403, 404, 409]));
  });

  contractTest('usage report', async () => {
    const { token } = await signedInUser(local.app);
    await call('getUsage', { method: 'GET', url: '/api/usage', headers: bearer(token) });
    await call('getUsage', { method: 'GET', url: '/api/usage?range=3m&groupBy=usageType', headers: bearer(token) });
    await call('getUsage', { method: 'GET', url: '/api/usage?range=1y', headers: bearer(token) });
    await call('getUsage', { method: 'GET', url: '/api/usage' });
    expect(contract.seen.get('getUsage')).toEqual(new Set([200, 400, 401]));
  });

  contractTest('usage series, request log and alert settings', async () => {
    const free = await signedInUser(local.app);
    const paid = await keyHolder(local.app, 'contract');
    await putOnPlan(local.app, local.clock, paid.userId, 'Developer');
    const keys = await local.app.inject({ method: 'GET', url: '/api/apiKeys', headers: bearer(paid.token) });
    const keyId = keys.json<Array<{ id: number }>>()[0]?.id ?? 0;
    await rpc(local.app, paid.apiKey, { jsonrpc: '2.0', id: 1, method: 'admin_peers', params: [] });
    const auth = bearer(paid.token);
    // And one refused by an allow-list (its entry names the list).
    const lists = { domains: ['dapp.example'], ips: [], cidrs: [] };
    await local.app.inject({ method: 'PUT', url: '/api/accessControl', headers: auth, payload: lists });
    await rpc(local.app, paid.apiKey, { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] });
    await call('getUsageSeries', { method: 'GET', url: '/api/usage/series?range=1d', headers: auth });
    await call('getUsageSeries', {
      method: 'GET',
      url: `/api/usage/series?range=3m&keyId=${keyId}&network=devnet&method=eth_call`,
      headers: auth,
    });
    await call('getUsageSeries', { method: 'GET', url: '/api/usage/series?range=1y', headers: auth });
    await call('getUsageSeries', { method: 'GET', url: '/api/usage/series', headers: bearer(free.token) });
    await call('getUsageSeries', { method: 'GET', url: '/api/usage/series' });
    expect(contract.seen.get('getUsageSeries')).toEqual(new Set([200, 400, 401, 403]));
    const logged = await call('getRequestLog', { method: 'GET', url: `/api/apiKeys/${keyId}/requests?limit=2`, headers: auth });
    expect(JSON.parse(logged.body)).toMatchObject({
      entries: [
        { outcome: 'refused_allow_list', accessRefusal: 'noOrigin', transport: 'http' },
        { outcome: 'refused_method', accessRefusal: null, transport: 'http' },
      ],
    });
    await call('getRequestLog', { method: 'GET', url: `/api/apiKeys/${keyId}/requests?cursor=x`, headers: auth });
    await call('getRequestLog', { method: 'GET', url: '/api/apiKeys/2147483647/requests', headers: auth });
    await call('getRequestLog', { method: 'GET', url: `/api/apiKeys/${keyId}/requests`, headers: bearer(free.token) });
    await call('getRequestLog', { method: 'GET', url: `/api/apiKeys/${keyId}/requests` });
    expect(contract.seen.get('getRequestLog')).toEqual(new Set([200, 400, 401, 403, 404]));
    const url = `/api/apiKeys/${keyId}/requestLog`;
    await call('putRequestLog', { method: 'PUT', url, headers: auth, payload: { enabled: false } });
    await call('putRequestLog', { method: 'PUT', url, headers: auth, payload: { enabled: 'no' } });
    await call('putRequestLog', { method: 'PUT', url: '/api/apiKeys/2147483647/requestLog', headers: auth, payload: { enabled: true } });
    await call('putRequestLog', { method: 'PUT', url, headers: bearer(free.token), payload: { enabled: true } });
    await call('putRequestLog', { method: 'PUT', url, payload: { enabled: true } });
    expect(contract.seen.get('putRequestLog')).toEqual(new Set([200, 400, 401, 403, 404]));
    await call('getAlertSettings', { method: 'GET', url: '/api/users/alerts', headers: auth });
    await call('getAlertSettings', { method: 'GET', url: '/api/users/alerts' });
    await call('putAlertSettings', {
      method: 'PUT',
      url: '/api/users/alerts',
      headers: auth,
      payload: { creditThresholds: [50], errorRate: false },
    });
    await call('putAlertSettings', {
      method: 'PUT',
      url: '/api/users/alerts',
      headers: auth,
      payload: { creditThresholds: [60], errorRate: false },
    });
    await call('putAlertSettings', { method: 'PUT', url: '/api/users/alerts', payload: { creditThresholds: [], errorRate: false } });
    expect(contract.seen.get('getAlertSettings')).toEqual(new Set([200, 401]));
    expect(contract.seen.get('putAlertSettings')).toEqual(new Set([200, 400, 401]));
  });

  contractTest('health probes', async () => {
    await call('getHealthz', { method: 'GET', url: '/api/healthz' });
    await call('getReadyz', { method: 'GET', url: '/api/readyz' });
    // A node that refuses connections (a closed port on loopback) degrades it; a database away: 503 naming it.
    const unready = await startTestApp({ UPSTREAM_MAINNET_URL: 'http://127.0.0.1:9' });
    try {
      await call('getReadyz', { method: 'GET', url: '/api/readyz' }, unready);
      await unready.app.db.close();
      // The last report is reused for a second: wait until the server's own report says the database is away.
      for (let tries = 0; tries < 100; tries += 1) {
        if ((await unready.app.inject({ method: 'GET', url: '/api/readyz' })).statusCode === 503) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await call('getReadyz', { method: 'GET', url: '/api/readyz' }, unready);
    } finally {
      await unready.close();
    }
    expect(contract.seen.get('getHealthz')).toEqual(new Set([200]));
    expect(contract.seen.get('getReadyz')).toEqual(new Set([200, 503]));
  });

  contractTest('Google sign-in and the cookie exchange', async () => {
    await call('googleStart', { method: 'GET', url: '/api/auth/google' }, prod);
    await call('googleCallback', { method: 'GET', url: '/api/auth/google/callback?code=c&state=s' });
    await call('googleCallback', { method: 'GET', url: `/api/auth/google/callback?code=${'c'.repeat(3000)}` });
    const email = uniqueEmail();
    await register(local.app, email);
    const user = await local.app.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
    const session = await startSession(local.app.db, user.rows[0]?.id ?? 0, local.config, local.clock);
    await call('exchangeToken', { method: 'GET', url: '/api/auth/token', cookies: { session } });
    await call('exchangeToken', { method: 'GET', url: '/api/auth/token' });
    expect(await login(local.app, email)).toBeTruthy();
  });

  it('covers every operation but the gateway', () => {
    const expected = listOperations(loadOpenApiDocument())
      .map((operation) => operation.operationId)
      .filter((id) => id !== 'rpcCall');
    expect(Object.values(covers).flat().sort()).toEqual([...expected].sort());
  });
});
