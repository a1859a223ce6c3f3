import { billingFrequencies, cardPlans, type BillingFrequency, type PlanName } from '@/domain/plan-catalog';

/** Stripe price ids by our paid plan's name and billing frequency (STRIPE_PRICE_<PLAN>_<FREQUENCY>). */
export type StripePriceTable = Readonly<Record<string, Readonly<Record<BillingFrequency, string>>>>;

/** A plan of ours at one frequency, as a Stripe price names it. */
export interface PricedPlan {
  readonly planId: number;
  readonly planName: PlanName;
  readonly frequency: BillingFrequency;
}

/**
 * Both directions between our plans and Stripe's prices. Built once at start-up; a missing,
 * duplicated or unknown entry stops it there rather than at a customer's checkout.
 */
export class PriceIds {
  private readonly byPrice = new Map<string, PricedPlan>();
  private readonly byPlan = new Map<string, string>();

  constructor(table: StripePriceTable) {
    const known = new Set<string>(cardPlans.map((plan) => plan.name));
    for (const name of Object.keys(table)) {
      if (!known.has(name))
        throw new Error(`Stripe prices are configured for "${name}", which is not a paid plan (${[...known].join(', ')}).`);
    }
    for (const plan of cardPlans) {
      for (const frequency of billingFrequencies) {
        const priceId = table[plan.name]?.[frequency];
        if (priceId === undefined || priceId === '') throw new Error(`No Stripe price id is configured for ${plan.name} ${frequency}.`);
        const taken = this.byPrice.get(priceId);
        if (taken !== undefined) {
          throw new Error(
            `Stripe price ${priceId} is configured for both ${taken.planName} ${taken.frequency} and ${plan.name} ${frequency}.`,
          );
        }
        this.byPrice.set(priceId, { planId: plan.id, planName: plan.name, frequency });
        this.byPlan.set(planKey(plan.name, frequency), priceId);
      }
    }
  }

  /** The Stripe price of a paid plan; an unpaid plan has none (the billing service never asks for one). */
  priceOf(planName: PlanName, frequency: BillingFrequency): string {
    const priceId = this.byPlan.get(planKey(planName, frequency));
    if (priceId === undefined) throw new Error(`${planName} ${frequency} has no Stripe price: it is not paid by card.`);
    return priceId;
  }

  /** Our plan of a Stripe price; null for a price this server was not configured with. */
  planOf(priceId: string): PricedPlan | null {
    return this.byPrice.get(priceId) ?? null;
  }
}

function planKey(planName: string, frequency: BillingFrequency): string {
  return `${planName} ${frequency}`;
}
