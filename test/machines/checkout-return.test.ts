import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type Checkout,
  checkoutReturnMachine,
  MAX_CHECKS,
  selectCanRecheck,
  selectError,
  selectOutcome,
  selectPlanName,
} from '@machines/checkout-return';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type CheckoutReturnModelEvent, checkoutOf, checkoutReturnFlows } from './models/checkout-return.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startReturn(checkoutId: string | null, maxChecks?: number) {
  const getCheckout = pendingCall<Checkout, { id: string }>('getCheckout');
  let confirmed = 0;
  const actor = createActor(
    checkoutReturnMachine.provide({
      actors: { getCheckout: getCheckout.logic },
      actions: {
        paymentConfirmed: () => {
          confirmed += 1;
        },
      },
      delays: { pollDelay: 5 },
    }),
    { input: { checkoutId, ...(maxChecks === undefined ? {} : { maxChecks }) } },
  ).start();
  return { actor, getCheckout, confirmed: () => confirmed };
}

describeModel('checkout return machine', checkoutReturnMachine, checkoutReturnFlows, async (path, { input, flow }) => {
  const { actor, getCheckout, confirmed } = startReturn(input.checkoutId, input.maxChecks);
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await flow.run(
    path,
    {
      'checkout.recheck': (event) => actor.send(event),
      'xstate.done.actor.getCheckout': (event) => settle(() => getCheckout.resolve(event.output)),
      'xstate.error.actor.getCheckout': (event) => settle(() => getCheckout.reject(event.error)),
      'xstate.after.pollDelay.checkoutReturn.waiting': async () => {
        // Nothing is asked while waiting: the next question comes when the delay runs out.
        expect(getCheckout.pending).toBe(0);
        await nextSnapshot(actor);
      },
    } satisfies Executors<CheckoutReturnModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const outcome = selectOutcome(snapshot);
      // The page is 'confirming' only while it asks or waits to ask again.
      expect(outcome === 'confirming').toBe(snapshot.hasTag('busy'));
      // The caches are refreshed once, and only when the server says the payment completed.
      expect(confirmed()).toBe(outcome === 'complete' ? 1 : 0);
      if (outcome === 'complete') expect(selectPlanName(snapshot)).toBe('Developer');
      expect(selectError(snapshot)).toBe(outcome === 'failed' ? 'There is no such checkout.' : null);
      expect(selectCanRecheck(snapshot)).toBe(outcome === 'failed' || outcome === 'stillConfirming');
      // Only the link's checkout is asked about; a link without one asks nothing.
      for (const asked of getCheckout.inputs) expect(asked).toEqual({ id: 'lco_return' });
      if (input.checkoutId === null) expect(getCheckout.inputs).toEqual([]);
    },
  );
});

describe('checkout return machine', () => {
  it('asks every second, for about 30 s (SPEC.md §9 retry delay)', () => {
    expect(checkoutReturnMachine.implementations.delays).toEqual({ pollDelay: 1000 });
    expect(MAX_CHECKS).toBe(30);
  });

  it('never says complete because the browser came back: it waits for the server to say so', async () => {
    const { actor, getCheckout, confirmed } = startReturn('lco_return', 5);
    for (let answer = 0; answer < 3; answer += 1) {
      getCheckout.resolve(checkoutOf('open'));
      await nextSnapshot(actor); // waiting
      expect(selectOutcome(actor.getSnapshot())).toBe('confirming');
      await nextSnapshot(actor); // checking again
    }
    expect(confirmed()).toBe(0);
    getCheckout.resolve(checkoutOf('complete'));
    await nextSnapshot(actor);
    expect(selectOutcome(actor.getSnapshot())).toBe('complete');
    expect(getCheckout.inputs).toHaveLength(4);
    expect(confirmed()).toBe(1);
  });

  it('stops after the bounded number of answers, and a recheck starts a new round', async () => {
    const { actor, getCheckout } = startReturn('lco_return', 2);
    getCheckout.resolve(checkoutOf('open'));
    await nextSnapshot(actor); // waiting
    await nextSnapshot(actor); // checking
    getCheckout.resolve(checkoutOf('open'));
    await nextSnapshot(actor);
    expect(selectOutcome(actor.getSnapshot())).toBe('stillConfirming');
    actor.send({ type: 'checkout.recheck' });
    expect(actor.getSnapshot().context.checks).toBe(0);
    expect(getCheckout.inputs).toHaveLength(3);
  });

  it('trims the id and treats a blank one as none', () => {
    const { actor } = startReturn('   ');
    expect(selectOutcome(actor.getSnapshot())).toBe('noCheckout');
  });
});
