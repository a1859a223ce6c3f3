/*
 * The plan table, shared by the server (which seeds, prices and enforces it) and the SPA (whose
 * gates, plan cards and support FAQ read it): one row per plan owns its name, its rank (its place
 * in the table), whether /billing lists it, how it is sold, its limits and its entitlements. Every
 * other file asks a row, never a plan's name: test/domain/plan-facts.test.ts fails on a plan name
 * written elsewhere. src/domain imports nothing of ours, so the contract's names are spelled here;
 * test/server/schema-facts.test.ts checks they equal openapi.yaml's and the database's CHECKs.
 */

/** The contract's BillingFrequency (ANNUALY is spelled so, SPEC.md §3), in the order the plans are listed. */
export const billingFrequencies = ['MONTHLY', 'ANNUALY'] as const;
export type BillingFrequency = (typeof billingFrequencies)[number];

/** The frequency `value` names, or null when it names none (a form field, a database column, an argument). */
export function parseBillingFrequency(value: unknown): BillingFrequency | null {
  return billingFrequencies.find((frequency) => frequency === value) ?? null;
}

/** One value for each billing frequency: the one place that spells them as a table. */
export function byFrequency<T>(value: (frequency: BillingFrequency) => T): Record<BillingFrequency, T> {
  return { MONTHLY: value('MONTHLY'), ANNUALY: value('ANNUALY') };
}

/** Yearly billing: 12 months less this percentage. */
export const yearlyDiscountPercent = 10;

/** How each billing frequency reads and how long its period is: a Record, so a new frequency cannot go without. */
export const billingPeriods: Readonly<
  Record<
    BillingFrequency,
    { readonly months: number; readonly discountPercent: number; readonly label: string; readonly adverb: string; readonly period: string }
  >
> = {
  MONTHLY: { months: 1, discountPercent: 0, label: 'Monthly', adverb: 'monthly', period: 'month' },
  ANNUALY: { months: 12, discountPercent: yearlyDiscountPercent, label: 'Yearly', adverb: 'yearly', period: 'year' },
};

/** SPEC.md §9: the discount beside a frequency's switch, '- 10%' for yearly; null without a discount (monthly). */
export function discountLabel(frequency: BillingFrequency): string | null {
  const percent = billingPeriods[frequency].discountPercent;
  return percent > 0 ? `- ${percent}%` : null;
}

/**
 * What a plan unlocks, on both sides: the server refuses what a plan lacks and the SPA shows it
 * locked (GET /users/plan answers them). The contract's Entitlements; the SPEC.md §6 gates.
 */
export interface Entitlements {
  /** The gateway logs the calls of a key whose log is on (GET /keys/{id}/request-log). */
  readonly requestLog: boolean;
  /** RPC metrics (GET /usage/series). */
  readonly metrics: boolean;
  /** Chat support. */
  readonly chat: boolean;
  /** The dedicated staked connection URL (no plan is served one yet). */
  readonly staked: boolean;
  /** The Geyser enhanced websocket URL. */
  readonly geyser: boolean;
  /** Autoscaling beyond the plan's limits. */
  readonly autoscaling: boolean;
  /** Inviting others to the project. */
  readonly invites: boolean;
}
export type Entitlement = keyof Entitlements;

/**
 * How a plan is sold: 'default' needs no payment (every new account's plan, where an ended
 * subscription leaves it, reached by cancelling); 'card' is paid through the payment provider;
 * 'contract' is arranged with sales (no upgrade to it nor from it, payments never move it).
 */
export type PlanSale = 'default' | 'card' | 'contract';

interface CatalogRow {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  /** Whether /billing offers it among the plan cards (SPEC.md §9). */
  readonly listed: boolean;
  readonly sold: PlanSale;
  /** USD a month; null = contact sales. */
  readonly monthlyPriceUsd: number | null;
  /** Credits a month; null = unlimited. */
  readonly creditsPerMonth: number | null;
  /** Requests per second; null = unlimited. */
  readonly ratePerSecond: number | null;
  /** API keys allowed; null = unlimited. */
  readonly maxKeys: number | null;
  /** People the owner may invite to the project (members besides the owner and pending invites together); null = unlimited. */
  readonly memberInvites: number | null;
  /** WebSocket connections a user keeps open at once, all keys together (the gateway's wss endpoint). */
  readonly webSocketConnections: number;
  /** eth_subscribe subscriptions open at once on one WebSocket connection. */
  readonly subscriptionsPerConnection: number;
  readonly entitlements: Entitlements;
}

const none: Entitlements = {
  requestLog: false,
  metrics: false,
  chat: false,
  staked: false,
  geyser: false,
  autoscaling: false,
  invites: false,
};

/** The one table of plans (SPEC.md §9), in plan order (a row's place is its rank): seeded into the database at every start-up. */
const rows = [
  {
    id: 1,
    name: 'Free',
    description: 'Get started and explore the network.',
    listed: true,
    sold: 'default',
    monthlyPriceUsd: 0,
    creditsPerMonth: 500_000,
    ratePerSecond: 10,
    maxKeys: 3,
    memberInvites: 0,
    webSocketConnections: 5,
    subscriptionsPerConnection: 10,
    entitlements: none,
  },
  {
    id: 2,
    name: 'Developer',
    description: 'For builders shipping their first production app.',
    listed: true,
    sold: 'card',
    monthlyPriceUsd: 49,
    creditsPerMonth: 1_500_000,
    ratePerSecond: 50,
    maxKeys: 10,
    memberInvites: 3,
    webSocketConnections: 50,
    subscriptionsPerConnection: 50,
    entitlements: { requestLog: true, metrics: true, chat: true, staked: true, geyser: false, autoscaling: true, invites: true },
  },
  {
    id: 3,
    name: 'Business',
    description: 'For growing apps with steady traffic.',
    listed: true,
    sold: 'card',
    monthlyPriceUsd: 249,
    creditsPerMonth: 3_000_000,
    ratePerSecond: 200,
    maxKeys: 25,
    memberInvites: 10,
    webSocketConnections: 250,
    subscriptionsPerConnection: 100,
    entitlements: { requestLog: true, metrics: true, chat: true, staked: true, geyser: true, autoscaling: true, invites: true },
  },
  {
    id: 4,
    name: 'Professional',
    description: 'For high-traffic apps that need headroom.',
    listed: true,
    sold: 'card',
    monthlyPriceUsd: 499,
    creditsPerMonth: 5_000_000,
    ratePerSecond: 500,
    maxKeys: null,
    memberInvites: null,
    webSocketConnections: 1_000,
    subscriptionsPerConnection: 250,
    entitlements: { requestLog: true, metrics: true, chat: true, staked: true, geyser: true, autoscaling: true, invites: true },
  },
  {
    id: 5,
    name: 'Enterprise',
    description: 'Custom limits and support. Contact sales.',
    listed: false,
    sold: 'contract',
    monthlyPriceUsd: null,
    creditsPerMonth: null,
    ratePerSecond: null,
    maxKeys: null,
    memberInvites: null,
    webSocketConnections: 5_000,
    subscriptionsPerConnection: 1000,
    entitlements: { requestLog: true, metrics: true, chat: true, staked: true, geyser: true, autoscaling: true, invites: true },
  },
] as const satisfies readonly CatalogRow[];

/** The contract's PlanName. */
export type PlanName = (typeof rows)[number]['name'];

export interface CatalogPlan extends CatalogRow {
  readonly name: PlanName;
}

export const planCatalog: readonly CatalogPlan[] = rows;

/** The plan that needs no payment: every new account starts on it. */
export const defaultPlan: CatalogPlan = only((plan) => plan.sold === 'default', 'one plan sold as the default');
export const defaultPlanId = defaultPlan.id;

/** The plan the Premium Plan Demo of /settings shows (SPEC.md "Settings (demo)": Professional). */
export const demoPlan: CatalogPlan = only((plan) => plan.name === 'Professional', 'the demo plan');

/** The plans /billing offers as cards, in plan order (SPEC.md §9: Enterprise is by contact, never in the list). */
export const listedPlans: readonly CatalogPlan[] = planCatalog.filter((plan) => plan.listed);

/** The plans a card pays for through the payment provider (not the default plan, not by contract). */
export const cardPlans: readonly CatalogPlan[] = planCatalog.filter((plan) => plan.sold === 'card');

/**
 * US cents for one billing period, in integers only: a month's whole dollars in cents, a year 12 of
 * them less the discount (exact for whole-dollar prices: 49 → 4,900 a month, 52,920 a year).
 */
export function priceCentsFor(monthlyPriceUsd: number | null, frequency: BillingFrequency): number | null {
  if (monthlyPriceUsd === null) return null;
  const { months, discountPercent } = billingPeriods[frequency];
  return (monthlyPriceUsd * 100 * months * (100 - discountPercent)) / 100;
}

/** The plan of `id`; an id the table does not hold (none is seeded) reads as the default plan. */
export function catalogPlan(id: number): CatalogPlan {
  return planCatalog.find((plan) => plan.id === id) ?? defaultPlan;
}

/** The plan named `name` exactly as the contract spells it; null for any other name (or none yet). */
export function planNamed(name: string | null | undefined): CatalogPlan | null {
  return planCatalog.find((plan) => plan.name === name) ?? null;
}

/** The plan's rank: its place in the table, 0 for the first row (Free) up to the last (Enterprise). */
export function planRank(plan: CatalogPlan): number {
  return planCatalog.indexOf(plan);
}

function only(test: (plan: CatalogPlan) => boolean, what: string): CatalogPlan {
  const found = planCatalog.filter(test);
  const [plan] = found;
  if (plan === undefined || found.length > 1) throw new Error(`the plan table must hold ${what}`);
  return plan;
}

/** The lowest plan that unlocks `entitlement` (Developer for the request log, Business for the Geyser websocket). */
export function lowestWith(entitlement: Entitlement): CatalogPlan {
  const plan = planCatalog.find((candidate) => candidate.entitlements[entitlement]);
  if (plan === undefined) throw new Error(`no plan of the table unlocks ${entitlement}`);
  return plan;
}

/** The plan sold by contract (Enterprise): its contact card on /billing. */
export const contractPlan: CatalogPlan = only((plan) => plan.sold === 'contract', 'one plan sold by contract');

/** The row of a name the contract allows (every PlanName has one). */
export function planOf(name: PlanName): CatalogPlan {
  const plan = planNamed(name);
  if (plan === null) throw new Error(`the plan table has no ${name} plan`);
  return plan;
}
