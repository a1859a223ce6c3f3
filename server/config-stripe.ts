import { ConfigError, parseHttpUrl } from '@server/config-values';
import { byFrequency, cardPlans, type BillingFrequency } from '@/domain/plan-catalog';
import type { SettingsReader } from '@server/settings-reader';

/** Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set: else the local test-mode provider (local mode only). */
export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Stripe price ids of each paid plan (by name) and billing frequency: STRIPE_PRICE_<PLAN>_<FREQUENCY>. */
  readonly prices: Readonly<Record<string, Readonly<Record<BillingFrequency, string>>>>;
  /** Another Stripe API address (a stand-in such as stripe-mock); null = Stripe's own. */
  readonly apiUrl: string | null;
}

/** The env variable naming a paid plan's Stripe price: STRIPE_PRICE_DEVELOPER_MONTHLY… */
export function stripePriceVariable(planName: string, frequency: BillingFrequency): string {
  return `STRIPE_PRICE_${planName.toUpperCase()}_${frequency}`;
}

/** The plans a card pays for (the plan table's plans sold by card). */
export const paidPlanNames = cardPlans.map((plan) => plan.name);

function parseWithPrefix(prefixes: readonly string[], what: string) {
  return (name: string, value: string): string => {
    if (!prefixes.some((prefix) => value.startsWith(prefix)) || /\s/.test(value)) {
      throw new ConfigError(name, `${name} must be ${what} (starting with ${prefixes.join(' or ')}).`);
    }
    return value;
  };
}

/** STRIPE_* settings: both secrets and every price id, or none (null: the local test-mode provider). */
export function readStripe(settings: SettingsReader): StripeConfig | null {
  const secretKey = settings.optional('STRIPE_SECRET_KEY', parseWithPrefix(['sk_', 'rk_'], 'a Stripe secret or restricted key'));
  const webhookSecret = settings.optional(
    'STRIPE_WEBHOOK_SECRET',
    parseWithPrefix(['whsec_'], "a Stripe webhook endpoint's signing secret"),
  );
  const keySet = settings.value('STRIPE_SECRET_KEY') !== undefined;
  const secretSet = settings.value('STRIPE_WEBHOOK_SECRET') !== undefined;
  if (keySet !== secretSet) {
    const missing = keySet ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY';
    settings.refuse(missing, `${missing} is not set: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together (set both, or neither).`);
    return null;
  }
  if (!keySet) return null;
  const prices: Record<string, Record<BillingFrequency, string>> = {};
  for (const planName of paidPlanNames) {
    const price = (frequency: BillingFrequency): string => {
      const name = stripePriceVariable(planName, frequency);
      if (settings.value(name) === undefined) {
        settings.refuse(name, `${name} is not set: with Stripe, every paid plan needs its price id for each billing frequency.`);
        return '';
      }
      return settings.read(name, undefined, parseWithPrefix(['price_'], 'a Stripe price id'), '');
    };
    prices[planName] = byFrequency(price);
  }
  const apiUrl = settings.optional('STRIPE_API_URL', parseHttpUrl);
  if (secretKey === null || webhookSecret === null) return null;
  return { secretKey, webhookSecret, prices, apiUrl };
}
