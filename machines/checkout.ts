import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { components } from '@/api/schema';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import type { BillingFrequency } from '@/domain/plan-catalog';
import type { DueToday } from '@/domain/plan-change';

/** The plan the modal confirms, as the plans list showed it (the price is the server's, for display only). */
export interface CheckoutPlan {
  planId: number;
  name: string;
  frequency: BillingFrequency;
  /** US cents for one period, from GET /plans. */
  price: number | null;
  /** What the payment page will charge today (prorated for a paying user), as quoted when the modal opened; unknown: not shown. */
  dueToday?: DueToday | null;
}

/** What POST /users/subscribe answers: where the browser pays, and the checkout the return page asks about. */
export type CheckoutStarted = components['schemas']['CheckoutStarted'];

export interface CheckoutContext {
  plan: CheckoutPlan | null;
  url: string | null;
  error: string | null;
}

export type CheckoutEvent =
  | { type: 'checkout.open'; plan: CheckoutPlan }
  | { type: 'checkout.pay' }
  | { type: 'checkout.retry' }
  | { type: 'checkout.close' };

const closed: CheckoutContext = { plan: null, url: null, error: null };

/**
 * The Upgrade → 'Pay with Card' flow of /billing (SPEC.md §4 Billing: Upgrade opens the modal; Pay
 * with Card starts checkout and redirects to the returned url; closing cancels).
 *
 * - `confirming` is the open modal: the plan, its period and its price. Closing it cancels: nothing
 *   was asked of the server yet.
 * - `startingCheckout` asks the server for a checkout (POST /users/subscribe: the server prices it
 *   from its own plan table). It cannot be closed or sent twice: a second Pay would start a second
 *   checkout, and a closed modal could not stop the redirect that follows anyway.
 * - `redirecting` hands the url to `redirectTo` (the view: the browser leaves for the provider's
 *   page). It stays busy: the page is going away.
 * - `error` keeps the modal open with the server's reason (a plan that is no upgrade, the provider
 *   down) or SPEC.md's 'Failed to create payment'; Retry asks again, Close cancels.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    startCheckout: fromPromise<CheckoutStarted, { planId: number; frequency: BillingFrequency }>(async () => {
      throw new Error('startCheckout actor not provided');
    }),
  },
  actions: {
    redirectTo: (_, _params: { url: string }) => {},
    reset: assign(closed),
  },
}).createMachine({
  id: 'checkout',
  context: closed,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.open': { target: 'confirming', actions: assign({ plan: ({ event }) => event.plan, url: null, error: null }) },
      },
    },
    confirming: {
      on: {
        'checkout.pay': { target: 'startingCheckout' },
        'checkout.close': { target: 'idle', actions: 'reset' },
      },
    },
    startingCheckout: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({ planId: context.plan?.planId ?? 0, frequency: context.plan?.frequency ?? 'MONTHLY' }),
        onDone: { target: 'redirecting', actions: assign({ url: ({ event }) => event.output.url }) },
        onError: {
          target: 'error',
          actions: assign({ error: ({ event }) => failureMessage('startCheckout', failureIn(event.error)) }),
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      entry: { type: 'redirectTo', params: ({ context }) => ({ url: context.url ?? '' }) },
    },
    error: {
      on: {
        'checkout.retry': { target: 'startingCheckout' },
        'checkout.close': { target: 'idle', actions: 'reset' },
      },
    },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

/** The modal is open from Upgrade until it is closed (or the browser leaves). */
export const selectIsOpen = (s: CheckoutSnapshot) => !s.matches('idle');
export const selectPlan = (s: CheckoutSnapshot) => s.context.plan;
export const selectError = (s: CheckoutSnapshot) => s.context.error;
export const selectIsBusy = (s: CheckoutSnapshot) => s.hasTag('busy');
export const selectCanPay = (s: CheckoutSnapshot) => s.can({ type: 'checkout.pay' });
export const selectCanRetry = (s: CheckoutSnapshot) => s.can({ type: 'checkout.retry' });
export const selectCanClose = (s: CheckoutSnapshot) => s.can({ type: 'checkout.close' });
