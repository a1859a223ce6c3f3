/*
 * The plan table, shared by the server (which seeds, prices and enforces it) and the SPA (whose
 * support FAQ quotes its figures): src/domain imports nothing of ours, so the contract's two names
 * are spelled here; test/domain/plan-catalog.test.ts checks they equal openapi.yaml's.
 */

/** The contract's PlanName. */
export type PlanName = 'Free' | 'Developer' | 'Business' | 'Professional' | 'Enterprise';
/** The contract's BillingFrequency (ANNUALY is spelled so, SPEC.md §3). */
export type BillingFrequency = 'MONTHLY' | 'ANNUALY';

export interface CatalogPlan {
  readonly id: number;
  readonly name: PlanName;
  readonly description: string;
  /** USD a month; null = contact sales. */
  readonly monthlyPriceUsd: number | null;
  /** Credits a month; null = unlimited. */
  readonly creditsPerMonth: number | null;
  /** Requests per second; null = unlimited. */
  readonly ratePerSecond: number | null;
  /** API keys allowed; null = unlimited. */
  readonly maxKeys: number | null;
  /** WebSocket connections a user keeps open at once, all keys together (the gateway's wss endpoint). */
  readonly webSocketConnections: number;
  /** eth_subscribe subscriptions open at once on one WebSocket connection. */
  readonly subscriptionsPerConnection: number;
}

/** The one table of plans (SPEC.md §9): seeded into the database at every start-up, in plan order. */
export const planCatalog: readonly CatalogPlan[] = [
  {
    id: 1,
    name: 'Free',
    description: 'Get started and explore the network.',
    monthlyPriceUsd: 0,
    creditsPerMonth: 500_000,
    ratePerSecond: 10,
    maxKeys: 3,
    webSocketConnections: 5,
    subscriptionsPerConnection: 10,
  },
  {
    id: 2,
    name: 'Developer',
    description: 'For builders shipping their first production app.',
    monthlyPriceUsd: 49,
    creditsPerMonth: 1_500_000,
    ratePerSecond: 50,
    maxKeys: 10,
    webSocketConnections: 50,
    subscriptionsPerConnection: 50,
  },
  {
    id: 3,
    name: 'Business',
    description: 'For growing apps with steady traffic.',
    monthlyPriceUsd: 249,
    creditsPerMonth: 3_000_000,
    ratePerSecond: 200,
    maxKeys: 25,
    webSocketConnections: 250,
    subscriptionsPerConnection: 100,
  },
  {
    id: 4,
    name: 'Professional',
    description: 'For high-traffic apps that need headroom.',
    monthlyPriceUsd: 499,
    creditsPerMonth: 5_000_000,
    ratePerSecond: 500,
    maxKeys: null,
    webSocketConnections: 1_000,
    subscriptionsPerConnection: 250,
  },
  {
    id: 5,
    name: 'Enterprise',
    description: 'Custom limits and support. Contact sales.',
    monthlyPriceUsd: null,
    creditsPerMonth: null,
    ratePerSecond: null,
    maxKeys: null,
    webSocketConnections: 5_000,
    subscriptionsPerConnection: 1000,
  },
];

/** The plan every new account starts on. */
export const defaultPlanId = 1;

export const billingFrequencies: readonly BillingFrequency[] = ['MONTHLY', 'ANNUALY'];

/** Yearly billing: 12 months less 10 % (SPEC.md: '- 10%'). */
export const yearlyDiscountPercent = 10;

/**
 * US cents for one billing period, in integers only: a month's whole dollars in cents, a year 12 of
 * them less the discount (exact for whole-dollar prices: 49 → 4,900 a month, 52,920 a year).
 */
export function priceCentsFor(monthlyPriceUsd: number | null, frequency: BillingFrequency): number | null {
  if (monthlyPriceUsd === null) return null;
  const monthCents = monthlyPriceUsd * 100;
  if (frequency === 'MONTHLY') return monthCents;
  return (monthCents * 12 * (100 - yearlyDiscountPercent)) / 100;
}

/** The plan of `id`; an id the table does not hold (none is seeded) reads as the default plan's limits. */
export function catalogPlan(id: number): CatalogPlan {
  const found = planCatalog.find((plan) => plan.id === id) ?? planCatalog.find((plan) => plan.id === defaultPlanId);
  if (found === undefined) throw new Error('the plan table has no default plan');
  return found;
}
