import { CREDITS_PER_CALL } from './credits';
import type { UsageType } from './rpc-method-registry';
import { formatUsd } from './money';
import { type CatalogPlan, priceCentsFor, yearlyDiscountPercent } from './plan-catalog';

/**
 * The plan and credit figures the support FAQ quotes, written from the same tables the server
 * enforces (the plan table, the gateway's credit costs), so an answer cannot drift from what the
 * gateway does. Plans appear in the table's order; a figure of null means no limit.
 */

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** ['A'] → 'A'; ['A', 'B'] → 'A and B'; ['A', 'B', 'C'] → 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

type Figure = (plan: CatalogPlan) => number | null;

/** 'Free 10, Developer 50' for the plans with a figure; '' when none has one. */
function limitedFigures(plans: readonly CatalogPlan[], figure: Figure, format: (value: number) => string): string {
  const parts: string[] = [];
  for (const plan of plans) {
    const value = figure(plan);
    if (value !== null) parts.push(`${plan.name} ${format(value)}`);
  }
  return parts.join(', ');
}

/** The names of the plans without a figure (no limit). */
export function unlimitedPlans(plans: readonly CatalogPlan[], figure: Figure): string[] {
  return plans.filter((plan) => figure(plan) === null).map((plan) => plan.name);
}

/** ' Enterprise has no fixed limit.' / ' Professional and Enterprise have no fixed limit.' / ''. */
function noLimitSentence(plans: readonly CatalogPlan[], figure: Figure): string {
  const names = unlimitedPlans(plans, figure);
  if (names.length === 0) return '';
  return ` ${joinNames(names)} ${names.length === 1 ? 'has' : 'have'} no fixed limit.`;
}

/** 'Free 10, Developer 50, Business 200, Professional 500 requests per second' (SPEC.md §9's FAQ rate limits). */
export function rateLimitFigures(plans: readonly CatalogPlan[]): string {
  return `${limitedFigures(plans, (plan) => plan.ratePerSecond, whole.format)} requests per second`;
}

/** The rate limits as a sentence, with the plans that have none. */
export function rateLimitSentence(plans: readonly CatalogPlan[]): string {
  return `${rateLimitFigures(plans)}.${noLimitSentence(plans, (plan) => plan.ratePerSecond)}`;
}

/** 'Free 500,000, Developer 1,500,000, ... credits a month.' and the plans without a quota. */
export function creditQuotaSentence(plans: readonly CatalogPlan[]): string {
  const figure: Figure = (plan) => plan.creditsPerMonth;
  return `${limitedFigures(plans, figure, whole.format)} credits a month.${noLimitSentence(plans, figure)}`;
}

/** 'Free 3, Developer 10, Business 25 API keys.' and the plans without a key limit. */
export function keyLimitSentence(plans: readonly CatalogPlan[]): string {
  const figure: Figure = (plan) => plan.maxKeys;
  return `${limitedFigures(plans, figure, whole.format)} API keys.${noLimitSentence(plans, figure)}`;
}

/** 'Free, Developer, Business and Professional, plus Enterprise by contract with sales.': the listed plans, then those by contract. */
export function planListSentence(plans: readonly CatalogPlan[]): string {
  const names = (sold: (plan: CatalogPlan) => boolean) => joinNames(plans.filter(sold).map((plan) => plan.name));
  const byContract = names((plan) => plan.sold === 'contract');
  return `${names((plan) => plan.listed)}${byContract === '' ? '' : `, plus ${byContract} by contract with sales`}.`;
}

/** 'Free $0.00, Developer $49.00, ... a month; a year costs 12 months less 10%.' Plans sold by contract are left out. */
export function priceSentence(plans: readonly CatalogPlan[]): string {
  const monthly = limitedFigures(
    plans,
    (plan) => priceCentsFor(plan.monthlyPriceUsd, 'MONTHLY'),
    (cents) => formatUsd(cents),
  );
  return `${monthly} a month; paid yearly, a plan costs 12 months less ${yearlyDiscountPercent}%.`;
}

/** 'about 20 credits per standard call, 60 for eth_getLogs and 40 for eth_sendRawTransaction' (the gateway's table). */
export function creditCostFigures(costs: Readonly<Record<UsageType, number>> = CREDITS_PER_CALL): string {
  return `about ${costs.standard} credits per standard call, ${costs.logs} for eth_getLogs and ${costs.transaction} for eth_sendRawTransaction`;
}

/**
 * 'Free 5, Developer 50, ... WebSocket connections open at once (all your API keys together), and on
 * each connection Free 10, Developer 50, ... subscriptions.' (the plan table the gateway enforces).
 */
export function webSocketLimitSentence(plans: readonly CatalogPlan[]): string {
  const connections = limitedFigures(plans, (plan) => plan.webSocketConnections, whole.format);
  const subscriptions = limitedFigures(plans, (plan) => plan.subscriptionsPerConnection, whole.format);
  return `${connections} WebSocket connections open at once (all your API keys together), and on each connection ${subscriptions} subscriptions.`;
}
