import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { createApiClient } from '@/api/client';
import { type BillingCalls, createBillingCalls } from '@/api/billing-calls';
import BillingPage from '@/views/billing/billing-page';
import PaymentReturnPage from '@/views/billing-return/payment-return-page';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

/**
 * /billing and its return pages against the real server (billing service, local test-mode
 * provider, database), on a loopback port, through the SPA's own API client. The server runs in
 * a child process (billing-server-process.ts): jsdom's module transform cannot load it.
 */
export interface BillingServer {
  baseUrl: string;
  /** Asks the server process for what no API call may do. */
  request(message: Record<string, unknown>): Promise<unknown>;
  close(): Promise<void>;
}

// The script's path on disk (Vite would turn a `new URL(…, import.meta.url)` into a web address).
const serverScript = fileURLToPath(import.meta.url).replace(/billing-harness\.tsx$/, 'billing-server-process.ts');

export function startBillingServer(): Promise<BillingServer> {
  const child: ChildProcess = fork(serverScript, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let next = 0;
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the billing test server exited (${code})`)));
    child.on('message', (message: { type?: string; port?: number; id?: number; result?: unknown; error?: string }) => {
      if (message.type === 'ready') {
        resolve({
          baseUrl: `http://127.0.0.1:${message.port}/api`,
          request: (body: Record<string, unknown>) =>
            new Promise<unknown>((settle, fail) => {
              next += 1;
              pending.set(next, { resolve: settle, reject: fail });
              child.send({ ...body, id: next });
            }),
          close: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.disconnect();
            }),
        });
        return;
      }
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      pending.delete(message.id);
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
    });
  });
}

export interface Customer {
  token: string;
  calls: BillingCalls;
}

export async function newCustomer({ baseUrl, request }: BillingServer, label = 'billing'): Promise<Customer> {
  const account = await request({ type: 'account', label });
  if (typeof account !== 'object' || account === null || !('token' in account) || typeof account.token !== 'string') {
    throw new Error('the server process made no account');
  }
  const { token } = account;
  return { token, calls: createBillingCalls(createApiClient({ baseUrl, token: () => token })) };
}

/** The test-mode checkout or portal page's id: the last segment of the url the server handed out. */
export const lastSegment = (url: string) => new URL(url).pathname.split('/').at(-1) ?? '';

/** A form post as the provider's page sends it; its redirect is the answer, not followed. */
const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

/** Pays a test-mode checkout as the browser would on the provider's page (the test card that succeeds). */
export async function payCheckout({ baseUrl }: BillingServer, url: string, cardNumber = '4242 4242 4242 4242') {
  const answer = await postForm(`${baseUrl}/payment/test-mode/checkout/${lastSegment(url)}`, {
    cardNumber,
    expiry: '12 / 34',
    cvc: '123',
    name: 'Ada Lovelace',
  });
  if (answer.status !== 303) throw new Error(`paying answered ${answer.status}: ${await answer.text()}`);
}

/** A customer on a paid plan, paid through the real checkout. */
export async function subscribedCustomer(billing: BillingServer, planId: number, label = 'paying'): Promise<Customer> {
  const customer = await newCustomer(billing, label);
  const { url } = await customer.calls.subscribe({ planId, frequency: 'MONTHLY' });
  await payCheckout(billing, url);
  return customer;
}

/** An action on the test-mode customer portal (renew with a declined card, cancel...), as its page posts it. */
export async function portalAction({ baseUrl }: BillingServer, customer: Customer, action: string) {
  const url = await customer.calls.portalUrl();
  const answer = await postForm(`${baseUrl}/payment/test-mode/portal/${lastSegment(url)}`, { action });
  if (answer.status >= 400) throw new Error(`the portal answered ${answer.status}: ${await answer.text()}`);
}

/** Puts the customer on a plan as the admin command does (Enterprise is never bought). */
export async function setPlan(billing: BillingServer, customer: Customer, plan: 'Enterprise' | 'Free'): Promise<void> {
  await billing.request({ type: 'setPlan', token: customer.token, plan });
}

export async function userPlanName(_: BillingServer, customer: Customer): Promise<string> {
  return (await customer.calls.userPlan()).name;
}

/** /billing for the customer; `redirects` records where the page sent the browser. */
export async function renderBilling(customer: Customer) {
  seedConfig();
  const redirects: string[] = [];
  const rendered = renderInApp(<BillingPage calls={customer.calls} redirectTo={(url) => void redirects.push(url)} />, { path: '/billing' });
  await screen.findByRole('heading', { level: 1, name: 'Billing & Plans' });
  return { ...rendered, redirects };
}

export function renderReturn(customer: Customer, checkoutId: string | null, options: { pollDelayMs?: number; maxChecks?: number } = {}) {
  seedConfig();
  const path = checkoutId === null ? '/billing/success' : `/billing/success?checkout=${encodeURIComponent(checkoutId)}`;
  return renderInApp(<PaymentReturnPage calls={customer.calls} {...options} />, { path });
}
