import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

export type Checkout = components['schemas']['Checkout'];

/** How many answers of 'open' the page waits through before it stops asking (about 30 s at 1 s apart). */
export const MAX_CHECKS = 30;

export interface CheckoutReturnInput {
  /** The `checkout` query parameter of /billing/success; null when the link has none. */
  checkoutId: string | null;
  maxChecks?: number;
}

export interface CheckoutReturnContext {
  checkoutId: string;
  maxChecks: number;
  /** Answers received this round. */
  checks: number;
  /** The last answer (plan name and amount for the text). */
  checkout: Checkout | null;
  error: string | null;
}

export type CheckoutReturnEvent = { type: 'checkout.recheck' };

/**
 * /billing/success: the provider sent the browser back, which proves nothing. The plan changes only
 * when the provider's verified event reaches the server, so the page asks the server
 * (GET /payment/checkouts/{id}) until it says `complete`.
 *
 * - `checking` asks once; `open` means the event has not arrived yet: `waiting` waits `pollDelay`
 *   (1 s) and asks again, up to `maxChecks` answers; then `stillConfirming` stops asking (the
 *   payment may still be confirming: Billing will show it) and offers to check again.
 * - `complete` runs `paymentConfirmed` once (the view refreshes the cached user, plan,
 *   subscription and invoices). `expired`: the checkout was replaced or timed out; nothing charged.
 * - `failed`: the question itself failed (no answer, an unknown checkout); it can be asked again.
 *   `noCheckout`: the link carries no checkout id, so there is nothing to ask about.
 */
export const checkoutReturnMachine = setup({
  types: {
    context: {} as CheckoutReturnContext,
    events: {} as CheckoutReturnEvent,
    input: {} as CheckoutReturnInput,
  },
  actors: {
    getCheckout: fromPromise<Checkout, { id: string }>(async () => {
      throw new Error('getCheckout actor not provided');
    }),
  },
  actions: {
    paymentConfirmed: () => {},
  },
  guards: {
    hasId: ({ context }) => context.checkoutId !== '',
  },
  delays: {
    pollDelay: 1000,
  },
}).createMachine({
  id: 'checkoutReturn',
  context: ({ input }) => ({
    checkoutId: input.checkoutId?.trim() ?? '',
    maxChecks: input.maxChecks ?? MAX_CHECKS,
    checks: 0,
    checkout: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasId', target: 'checking' }, { target: 'noCheckout' }],
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'getCheckout',
        src: 'getCheckout',
        input: ({ context }) => ({ id: context.checkoutId }),
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'complete',
            target: 'complete',
            actions: assign({ checkout: ({ event }) => event.output }),
          },
          {
            guard: ({ event }) => event.output.status === 'expired',
            target: 'expired',
            actions: assign({ checkout: ({ event }) => event.output }),
          },
          {
            guard: ({ context }) => context.checks + 1 >= context.maxChecks,
            target: 'stillConfirming',
            actions: assign({ checkout: ({ event }) => event.output, checks: ({ context }) => context.checks + 1 }),
          },
          { target: 'waiting', actions: assign({ checkout: ({ event }) => event.output, checks: ({ context }) => context.checks + 1 }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => failureMessage('loadCheckout', failureIn(event.error)) }) },
      },
    },
    waiting: {
      tags: ['busy'],
      after: { pollDelay: { target: 'checking' } },
    },
    stillConfirming: {
      on: { 'checkout.recheck': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    failed: {
      on: { 'checkout.recheck': { target: 'checking', actions: assign({ checks: 0, error: null }) } },
    },
    noCheckout: { type: 'final' },
    complete: { type: 'final', entry: 'paymentConfirmed' },
    expired: { type: 'final' },
  },
});

export type CheckoutReturnSnapshot = SnapshotFrom<typeof checkoutReturnMachine>;

/** What the page shows: one of these, by state. */
export type ReturnOutcome = 'confirming' | 'complete' | 'expired' | 'stillConfirming' | 'failed' | 'noCheckout';

export function selectOutcome(s: CheckoutReturnSnapshot): ReturnOutcome {
  if (s.matches('complete')) return 'complete';
  if (s.matches('expired')) return 'expired';
  if (s.matches('stillConfirming')) return 'stillConfirming';
  if (s.matches('failed')) return 'failed';
  if (s.matches('noCheckout')) return 'noCheckout';
  return 'confirming';
}
export const selectPlanName = (s: CheckoutReturnSnapshot) => s.context.checkout?.planName ?? null;
export const selectError = (s: CheckoutReturnSnapshot) => s.context.error;
export const selectCanRecheck = (s: CheckoutReturnSnapshot) => s.can({ type: 'checkout.recheck' });
