import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type CheckoutStarted,
  checkoutMachine,
  selectCanClose,
  selectCanPay,
  selectCanRetry,
  selectError,
  selectIsBusy,
  selectIsOpen,
} from '@machines/checkout';
import { CHECKOUT_START_FALLBACK } from '@/domain/failure-message';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type CheckoutModelEvent, checkoutFlow, checkoutPaths, developerMonthly } from './models/checkout.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startCheckoutActor() {
  const startCheckout = pendingCall<CheckoutStarted, { planId: number; frequency: BillingFrequency }>('startCheckout');
  const redirects: string[] = [];
  const actor = createActor(
    checkoutMachine.provide({
      actors: { startCheckout: startCheckout.logic },
      actions: { redirectTo: (_, { url }) => void redirects.push(url) },
    }),
  ).start();
  return { actor, startCheckout, redirects };
}

/** SPEC.md §8 and the server's own refusal, as the fixtures fail. */
const expectedErrors = new Set([CHECKOUT_START_FALLBACK, 'You are already on the Developer plan.']);

describeModel('checkout machine', checkoutMachine, [{ paths: checkoutPaths }], async (path) => {
  const { actor, startCheckout, redirects } = startCheckoutActor();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await checkoutFlow.run(
    path,
    {
      'checkout.open': (event) => actor.send(event),
      'checkout.pay': (event) => actor.send(event),
      'checkout.retry': (event) => actor.send(event),
      'checkout.close': (event) => actor.send(event),
      'xstate.done.actor.startCheckout': (event) => settle(() => startCheckout.resolve(event.output)),
      'xstate.error.actor.startCheckout': (event) => settle(() => startCheckout.reject(event.error)),
    } satisfies Executors<CheckoutModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const state = String(snapshot.value);
      // The modal is open from Upgrade until closed; only confirming and error may close it.
      expect(selectIsOpen(snapshot)).toBe(state !== 'idle');
      expect(selectCanClose(snapshot)).toBe(state === 'confirming' || state === 'error');
      // Pay once: never while a checkout is being started or the browser leaves.
      expect(selectCanPay(snapshot)).toBe(state === 'confirming');
      expect(selectCanRetry(snapshot)).toBe(state === 'error');
      expect(selectIsBusy(snapshot)).toBe(state === 'startingCheckout' || state === 'redirecting');
      const error = selectError(snapshot);
      if (state === 'error') expect(expectedErrors).toContain(error);
      else expect(error).toBeNull();
      // The server is asked for the plan and frequency the modal showed, never a price.
      for (const input of startCheckout.inputs) expect(input).toEqual({ planId: 2, frequency: 'MONTHLY' });
      // The browser leaves for the url the server returned, once, and only from redirecting.
      expect(redirects).toEqual(state === 'redirecting' ? [snapshot.context.url] : []);
    },
  );
});

describe('checkout machine', () => {
  it("falls back to 'Failed to create payment' when the call fails without a message", async () => {
    const { actor, startCheckout } = startCheckoutActor();
    actor.send({ type: 'checkout.open', plan: developerMonthly });
    actor.send({ type: 'checkout.pay' });
    const moved = nextSnapshot(actor);
    startCheckout.reject(new Error('network'));
    await moved;
    expect(actor.getSnapshot().context.error).toBe('Failed to create payment');
  });

  it('starts one checkout however often Pay is pressed', () => {
    const { actor, startCheckout } = startCheckoutActor();
    actor.send({ type: 'checkout.open', plan: { ...developerMonthly, frequency: 'ANNUALY', price: 52_920 } });
    actor.send({ type: 'checkout.pay' });
    actor.send({ type: 'checkout.pay' });
    actor.send({ type: 'checkout.close' });
    expect(startCheckout.inputs).toEqual([{ planId: 2, frequency: 'ANNUALY' }]);
    expect(actor.getSnapshot().value).toBe('startingCheckout');
  });
});
