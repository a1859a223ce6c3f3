/**
 * The limits and delays of SPEC.md §9 that only the support FAQ states, each named once so that an
 * answer quotes a figure rather than retyping it. The plan figures are not here: they come from the
 * plan table (./plan-catalog.ts), and credit costs from the gateway's table (./credits.ts).
 */

/** Secure RPC URLs are rate-limited per client IP address, whatever the plan. */
export const SECURE_URL_TPS = 5;

/** Usage above the plan under autoscaling is billed at this premium (percent). */
export const AUTOSCALING_PREMIUM_PERCENT = 20;

/** Addresses one webhook takes in the Configure Webhook modal, and through the API. */
export const WEBHOOK_ADDRESSES_IN_MODAL = 25;
export const WEBHOOK_ADDRESSES_VIA_API = 100_000;
/** How long a change to a webhook takes to apply. */
export const WEBHOOK_CHANGE_MINUTES = 2;
/** How long a webhook's receiver has to acknowledge a delivery. */
export const WEBHOOK_ACK_SECONDS = 10;

/** Results a list API returns at most in one answer, and its paging parameters. */
export const LIST_LIMIT = 1_000;
export const LIST_PAGING_PARAMETERS = ['starting_after', 'ending_before', 'offset'] as const;

/** Refund requests are evaluated within this many days. */
export const REFUND_DAYS = 7;
/** A crypto (USDC) payment can take this long to be confirmed. */
export const CRYPTO_CONFIRMATION_MINUTES = 15;
