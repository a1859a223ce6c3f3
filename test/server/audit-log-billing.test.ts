import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot } from '@server/payments/billing-events';
import { bearer } from './helpers/accounts';
import { auditLog } from './helpers/audit';
import { hours } from './helpers/manual-clock';
import { startTestApp, type TestApp } from './helpers/test-app';
import { keyHolder, type KeyHolder } from './gateway-harness';

/** Billing's entries: the member's checkout, and the provider's events as the system's (no member, no address). */
let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ SESSION_TTL_HOURS: '8760' });
});
afterAll(() => server.close());

const dayMs = hours(24);
let events = 0;
const nextEventId = () => {
  events += 1;
  return `evt_audit_${events}`;
};

function snapshot(holder: KeyHolder, status: SubscriptionSnapshot['status'] = 'active'): SubscriptionSnapshot {
  return {
    id: `sub_audit_${holder.userId}`,
    customerId: `cus_audit_${holder.userId}`,
    userId: holder.userId,
    planId: 2,
    frequency: 'MONTHLY',
    status,
    currentPeriodStart: server.clock.now(),
    currentPeriodEnd: new Date(server.clock.now().getTime() + 30 * dayMs),
    cancelAtPeriodEnd: false,
  };
}

const system = { type: 'system', email: null };

describe('billing in the audit log', () => {
  it('a started checkout is the member’s, from their masked IPv6 address, naming the plan and the price', async () => {
    const ada = await keyHolder(server.app, 'audit-checkout');
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/users/subscribe',
      headers: bearer(ada.token),
      payload: { planId: 2, frequency: 'MONTHLY' },
      remoteAddress: '2001:db8:1:2::5',
    });
    expect(answer.statusCode).toBe(200);
    const { checkoutId } = answer.json<{ checkoutId: string }>();
    const { entries } = await auditLog(server.app, ada.token, 'group=billing');
    expect(entries).toEqual([
      {
        id: expect.any(Number),
        at: server.clock.now().toISOString(),
        actor: { type: 'user', email: ada.email },
        clientAddress: '2001:db8:1::/48',
        action: 'checkout.started',
        target: { type: 'checkout', id: checkoutId, name: 'Developer' },
        changes: {
          plan: { before: 'Free', after: 'Developer' },
          frequency: { after: 'MONTHLY' },
          amountCents: { after: expect.any(Number) },
        },
      },
    ]);
  });

  it('the provider’s events: the plan moved, a renewal failed then paid, the subscription ended (all the system’s)', async () => {
    const bob = await keyHolder(server.app, 'audit-events');
    const subscription = snapshot(bob);
    const { billing } = server.app;
    const occurredAt = () => server.clock.now();
    await billing.applyEvent({
      kind: 'checkout-completed',
      id: nextEventId(),
      provider: 'stripe',
      occurredAt: occurredAt(),
      checkoutId: 'cs_audit',
      subscription,
    });
    server.clock.advance(hours(1));
    await billing.applyEvent({
      kind: 'invoice-payment-failed',
      id: nextEventId(),
      provider: 'stripe',
      occurredAt: occurredAt(),
      subscriptionId: subscription.id,
    });
    server.clock.advance(hours(1));
    await billing.applyEvent({
      kind: 'invoice-paid',
      id: nextEventId(),
      provider: 'stripe',
      occurredAt: occurredAt(),
      subscriptionId: subscription.id,
    });
    server.clock.advance(hours(1));
    const ended = { ...subscription, status: 'canceled' as const };
    await billing.applyEvent({
      kind: 'subscription-changed',
      id: nextEventId(),
      provider: 'stripe',
      occurredAt: occurredAt(),
      subscription: ended,
    });
    const { entries } = await auditLog(server.app, bob.token, 'actor=system');
    expect(entries.map(({ action, actor, clientAddress, changes }) => ({ action, actor, clientAddress, changes }))).toEqual([
      {
        action: 'plan.changed',
        actor: system,
        clientAddress: null,
        changes: { plan: { before: 'Developer', after: 'Free' }, cause: { after: 'subscription-ended' } },
      },
      { action: 'payment.succeeded', actor: system, clientAddress: null, changes: { status: { before: 'past_due', after: 'active' } } },
      { action: 'payment.failed', actor: system, clientAddress: null, changes: { status: { before: 'active', after: 'past_due' } } },
      {
        action: 'plan.changed',
        actor: system,
        clientAddress: null,
        changes: { plan: { before: 'Free', after: 'Developer' }, cause: { after: 'subscription' } },
      },
    ]);
    expect(entries[1]?.target).toEqual({ type: 'subscription', id: subscription.id, name: 'Developer' });
    // A replayed event changes nothing and records nothing.
    const before = entries.length;
    await billing.applyEvent({
      kind: 'invoice-paid',
      id: `evt_audit_${events}`,
      provider: 'stripe',
      occurredAt: occurredAt(),
      subscriptionId: subscription.id,
    });
    expect((await auditLog(server.app, bob.token)).entries).toHaveLength(before);
  });
});
