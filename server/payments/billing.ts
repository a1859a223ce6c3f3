import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { components } from '@/api/schema';
import { upgradeRefusal, type UpgradeRefusal } from '@/domain/plan-change';
import type { Clock } from '@server/clock';
import { isUniqueViolation, type Db, type Queryable } from '@server/db/db';
import type { KeyCache } from '@server/gateway/key-cache';
import { conflict, badRequest, HttpError, notFound } from '@server/http/errors';
import { applyEvent, type EventOutcome } from '@server/payments/apply-event';
import type { BillingEvent } from '@server/payments/billing-events';
import { ProviderError, type InvoiceRecord, type PaymentProvider, type PlanPrice } from '@server/payments/provider';
import { priceCentsFor, type BillingFrequency } from '@/domain/plan-catalog';
import {
  findCustomerId,
  findLiveSubscription,
  findUserCheckout,
  insertCheckout,
  listOpenCheckouts,
  saveCustomerId,
  setCheckoutStatus,
  type CheckoutRecord,
  type CheckoutStatus,
} from '@server/repos/billing';
import { findPlan, toApiPlan } from '@server/repos/plans';
import { findUserById } from '@server/repos/users';
import { graceEndsAt } from '@/domain/grace-period';
import { UserLocks } from '@server/payments/keyed-lock';
import { endExpiredGrace, startGraceSweep } from '@server/payments/grace-sweep';
import { paths } from '@/domain/paths';
import { recordAudit, type AuditOrigin } from '@server/audit/record';

type ApiSubscription = components['schemas']['Subscription'];
type ApiCheckout = components['schemas']['Checkout'];
type ApiInvoice = components['schemas']['Invoice'];

export interface BillingSettings {
  readonly db: Db;
  readonly provider: PaymentProvider;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Drops the gateway's cached keys of a user whose plan changed (its rate and quota apply at once). */
  readonly keyCache: Pick<KeyCache, 'invalidateUser'>;
  /** The dashboard's address: the return pages of checkout and portal. */
  readonly publicUrl: string;
  readonly salesEmail: string;
  /** How long a past-due subscription keeps its plan before it drops to Free. */
  readonly graceDays: number;
}

const refusals: Record<UpgradeRefusal, (names: { current: string; target: string; salesEmail: string }) => HttpError> = {
  'enterprise-user': ({ salesEmail }) => conflict(`Your Enterprise plan is arranged with sales: contact ${salesEmail} to change it.`),
  'enterprise-plan': ({ salesEmail }) => badRequest(`The Enterprise plan is arranged with sales: contact ${salesEmail}.`),
  'free-plan': () => badRequest('The Free plan needs no payment: to go back to Free, cancel your plan in the customer portal.'),
  'same-plan': ({ current }) => conflict(`You are already on the ${current} plan.`),
  'lower-plan': ({ target }) => badRequest(`Moving down to ${target} goes through the customer portal.`),
};

function checkoutId(): string {
  return `chk_${randomBytes(18).toString('base64url')}`;
}

/** A provider's refusal or silence as the API's 502 (its message says which call failed). */
async function atProvider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new HttpError(502, `The payment provider could not ${what}: ${error.message}`);
    throw error;
  }
}

/**
 * The billing of the dashboard, whichever provider is configured: checkouts of upgrades (one open
 * checkout per user, one subscription per user), the portal, invoices, the provider's events (the
 * only thing that changes a plan), and the grace period of a failed renewal.
 */
export class Billing {
  /** One user's checkout or portal customer at a time, across replicas (see UserLocks). */
  private readonly locks: UserLocks;
  private stopSweeper: (() => void) | null = null;

  constructor(private readonly settings: BillingSettings) {
    this.locks = new UserLocks(settings.db);
  }

  get providerName(): PaymentProvider['name'] {
    return this.settings.provider.name;
  }

  /** Applies a provider's event: stored and applied in one transaction, then the gateway told. */
  readonly applyEvent = async (event: BillingEvent): Promise<EventOutcome> => {
    const { db, clock, keyCache, log, provider } = this.settings;
    const outcome = await db.transaction((tx) => applyEvent(tx, event, clock.now()));
    if (outcome.planChangedFor !== null) keyCache.invalidateUser(outcome.planChangedFor);
    if (outcome.result === 'unknown-subscription') {
      log.warn({ event: event.id, kind: event.kind }, 'a payment event names a subscription this server does not know: ignored');
    }
    if (outcome.duplicateSubscription !== null) {
      log.error({ subscription: outcome.duplicateSubscription }, 'a user paid for a second subscription: cancelling and refunding it');
      await provider.cancelSubscription(outcome.duplicateSubscription, { refund: true }).catch((error: unknown) => {
        log.error(
          { err: error, subscription: outcome.duplicateSubscription },
          'the duplicate subscription could not be cancelled: cancel it by hand',
        );
      });
    }
    return outcome;
  };

  /**
   * Starts paying for a higher plan: a checkout for a new subscriber, a change of the one
   * subscription for a paying one. The started checkout is recorded in the audit log as `origin`'s
   * (the plan itself moves when the provider's event comes).
   */
  async subscribe(origin: AuditOrigin, planId: number, frequency: BillingFrequency): Promise<{ url: string; checkoutId: string }> {
    const { db, salesEmail } = this.settings;
    const userId = origin.projectId;
    const target = await findPlan(db, planId);
    if (target === null) throw notFound(`There is no plan with id ${planId}.`);
    return this.locks.run(userId, async (q) => {
      const user = await findUserById(q, userId);
      if (user === null) throw notFound('The account no longer exists.');
      const current = await findPlan(q, user.planId);
      if (current === null) throw new Error(`User ${userId} is on plan ${user.planId}, which is not in the plans table`);
      const currentName = toApiPlan(current, user.billingFrequency).name;
      const targetName = toApiPlan(target, frequency).name;
      const refusal = upgradeRefusal(currentName, targetName);
      if (refusal !== null) throw refusals[refusal]({ current: currentName, target: targetName, salesEmail });
      const amountCents = priceCentsFor(target.monthly_price_usd, frequency);
      if (amountCents === null) throw refusals['enterprise-plan']({ current: currentName, target: targetName, salesEmail });
      const price: PlanPrice = { planId, planName: targetName, frequency, amountCents };
      const customerId = await this.customerOf(q, userId, user.email);
      await this.expireOpenCheckouts(q, userId);
      const live = await findLiveSubscription(q, userId);
      const id = checkoutId();
      const urls = {
        successUrl: `${this.settings.publicUrl}${paths.billingSuccess}?checkout=${id}`,
        cancelUrl: `${this.settings.publicUrl}${paths.billingCancel}`,
      };
      const { provider } = this.settings;
      const started =
        live === null || live.provider !== provider.name
          ? await atProvider('start a checkout', () => provider.startCheckout({ userId, customerId, price, ...urls }))
          : await atProvider('start the plan change', async () => {
              const livePlan = await findPlan(q, live.planId);
              const currentCents = livePlan === null ? null : priceCentsFor(livePlan.monthly_price_usd, live.frequency);
              const currentPrice: PlanPrice = {
                planId: live.planId,
                planName: currentName,
                frequency: live.frequency,
                amountCents: currentCents ?? 0,
              };
              return provider.startChange({ userId, customerId, subscriptionId: live.id, current: currentPrice, price, ...urls });
            });
      const checkout: CheckoutRecord = {
        id,
        provider: provider.name,
        providerCheckoutId: started.id,
        userId,
        kind: live === null ? 'new' : 'change',
        subscriptionId: live?.id ?? null,
        planId,
        frequency,
        amountCents,
        status: 'open',
        createdAt: this.settings.clock.now(),
        expiresAt: started.expiresAt,
      };
      try {
        await insertCheckout(q, checkout);
      } catch (error) {
        // The unique index on a user's open checkout: only a replica without the lock (an older
        // version during a rolling deploy) can get here. The provider's checkout stays unrecorded and lapses.
        if (isUniqueViolation(error)) throw conflict('Another checkout was started at the same moment: try again.');
        throw error;
      }
      await recordAudit(q, origin, {
        action: 'checkout.started',
        target: { type: 'checkout', id, name: targetName },
        changes: {
          plan: { before: currentName, after: targetName },
          frequency: { after: frequency },
          amountCents: { after: amountCents },
        },
      });
      return { url: started.url, checkoutId: id };
    });
  }

  /** The customer portal; a user who never paid gets a customer first (the portal shows no invoices yet). */
  async portalUrl(userId: number): Promise<string> {
    const { db, provider, publicUrl } = this.settings;
    const user = await findUserById(db, userId);
    if (user === null) throw notFound('The account no longer exists.');
    const customerId = await this.locks.run(userId, (q) => this.customerOf(q, userId, user.email));
    return atProvider('open the customer portal', () => provider.portalUrl(customerId, `${publicUrl}${paths.billing}`));
  }

  async invoices(userId: number): Promise<ApiInvoice[]> {
    const { db, provider } = this.settings;
    const customerId = await findCustomerId(db, userId, provider.name);
    if (customerId === null) return [];
    const invoices = await atProvider('list the invoices', () => provider.listInvoices(customerId));
    return invoices.map(toApiInvoice);
  }

  async subscription(userId: number): Promise<ApiSubscription | null> {
    const { db, graceDays } = this.settings;
    const live = await findLiveSubscription(db, userId);
    if (live === null) return null;
    const plan = await findPlan(db, live.planId);
    if (plan === null) throw new Error(`Subscription ${live.id} is on plan ${live.planId}, which is not in the plans table`);
    return {
      planId: live.planId,
      planName: toApiPlan(plan, live.frequency).name,
      frequency: live.frequency,
      status: live.status === 'past_due' ? 'past_due' : 'active',
      currentPeriodStart: live.currentPeriodStart.toISOString(),
      currentPeriodEnd: live.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: live.cancelAtPeriodEnd,
      graceEndsAt: graceEndsAt(live, graceDays)?.toISOString() ?? null,
    };
  }

  async checkout(userId: number, id: string): Promise<ApiCheckout> {
    const { db } = this.settings;
    const checkout = await findUserCheckout(db, userId, id);
    if (checkout === null) throw notFound('There is no such checkout.');
    const plan = await findPlan(db, checkout.planId);
    if (plan === null) throw new Error(`Checkout ${id} is for plan ${checkout.planId}, which is not in the plans table`);
    return {
      id: checkout.id,
      status: await this.checkoutStatus(checkout),
      planId: checkout.planId,
      planName: toApiPlan(plan, checkout.frequency).name,
      frequency: checkout.frequency,
      amount: checkout.amountCents,
      currency: 'USD',
    };
  }

  /** Ends the grace periods that are over (see grace-sweep.ts); returns how many ended. */
  endExpiredGrace(): Promise<number> {
    return endExpiredGrace(this.settings);
  }

  /** Checks the grace periods every `intervalMs` and once at start, once across replicas (see grace-sweep.ts). */
  start(intervalMs = 60_000): void {
    this.stopSweeper?.();
    this.stopSweeper = startGraceSweep(this.settings, intervalMs);
  }

  stop(): void {
    this.stopSweeper?.();
    this.stopSweeper = null;
  }

  /** Under the user's lock (`q` is its handle), so two calls do not create two customers. */
  private async customerOf(q: Queryable, userId: number, email: string): Promise<string> {
    const { provider, clock } = this.settings;
    const known = await findCustomerId(q, userId, provider.name);
    if (known !== null) return known;
    const created = await atProvider('create the customer', () => provider.createCustomer({ userId, email }));
    await saveCustomerId(q, userId, provider.name, created, clock.now());
    return created;
  }

  /**
   * An open checkout as the provider has it: one the provider ended (timed out, or replaced by a
   * plan switch in the portal) reads expired and is recorded so; a provider that does not answer
   * leaves what we know. A paid one stays open here until its event completes it.
   */
  private async checkoutStatus(checkout: CheckoutRecord): Promise<CheckoutStatus> {
    const { db, clock, provider, log } = this.settings;
    const now = clock.now();
    if (checkout.status !== 'open') return checkout.status;
    if (checkout.expiresAt.getTime() <= now.getTime()) return 'expired';
    if (checkout.provider !== provider.name) return 'open';
    const atProvider = await provider.checkoutState(checkout.providerCheckoutId).catch((error: unknown) => {
      log.warn({ err: error, checkout: checkout.id }, 'the provider did not say where the checkout stands');
      return 'open' as const;
    });
    if (atProvider !== 'expired') return 'open';
    await setCheckoutStatus(db, checkout.id, 'expired', now);
    return 'expired';
  }

  /** A new checkout ends the user's earlier open ones, so two tabs cannot pay twice. */
  private async expireOpenCheckouts(q: Queryable, userId: number): Promise<void> {
    const { provider, clock } = this.settings;
    for (const open of await listOpenCheckouts(q, userId)) {
      if (open.provider === provider.name) {
        await atProvider('end the earlier checkout', () => provider.expireCheckout(open.providerCheckoutId));
      }
      await setCheckoutStatus(q, open.id, 'expired', clock.now());
    }
  }
}

function toApiInvoice(invoice: InvoiceRecord): ApiInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.date.toISOString(),
    amount: invoice.amountCents,
    currency: invoice.currency,
    status: invoice.status,
    url: invoice.url,
    pdfUrl: invoice.pdfUrl,
  };
}
