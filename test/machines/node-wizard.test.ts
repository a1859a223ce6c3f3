import { describe, expect, it } from 'vitest';
import { type EventFromLogic, createActor } from 'xstate';
import {
  nodeWizardMachine,
  selectCanGoNext,
  selectCanOrder,
  selectError,
  selectIsOrdering,
  selectMissing,
  selectOrder,
  selectScreen,
  selectStep,
} from '@machines/node-wizard';
import { CallFailed } from '@/domain/call-failure';
import { type DedicatedNodeOrder, NEW_NODE_ORDER, NODE_ORDER_FALLBACK } from '@/domain/node-order';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type NodeWizardModelEvent, nodeWizardFlow, nodeWizardPaths } from './models/node-wizard.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

function startWizard() {
  const placeOrder = pendingCall<void, DedicatedNodeOrder>('placeOrder');
  const actor = createActor(nodeWizardMachine.provide({ actors: { placeOrder: placeOrder.logic } })).start();
  return { actor, placeOrder };
}

describeModel('node wizard machine', nodeWizardMachine, [{ paths: nodeWizardPaths }], async (path) => {
  const { actor, placeOrder } = startWizard();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  const send = (event: EventFromLogic<typeof nodeWizardMachine>) => actor.send(event);

  await nodeWizardFlow.run(
    path,
    {
      'wizard.start': send,
      'wizard.next': send,
      'wizard.back': send,
      'wizard.cancel': send,
      'order.cycle': send,
      'order.type': send,
      'order.client': send,
      'order.plugin': send,
      'order.payment': send,
      'order.risks': send,
      'order.place': send,
      'order.done': send,
      'xstate.done.actor.placeOrder': () => settle(() => placeOrder.resolve()),
      'xstate.error.actor.placeOrder': ({ error }) => settle(() => placeOrder.reject(error)),
    } satisfies Executors<NodeWizardModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const order = selectOrder(snapshot);
      const screen = selectScreen(snapshot);
      const step = selectStep(snapshot);
      // No location is on offer: none is ever chosen.
      expect(order.selectedLocation).toBeNull();
      // Next everywhere in the form but the last step, and past the client step only with a client.
      expect(selectCanGoNext(snapshot)).toBe(
        snapshot.matches('form') && step !== 'payment' && (step !== 'client' || order.selectedClient !== null),
      );
      // Order only on the payment step, and only with nothing missing (SPEC.md §5).
      expect(selectCanOrder(snapshot)).toBe(snapshot.matches({ form: 'payment' }) && selectMissing(snapshot).length === 0);
      expect(selectIsOrdering(snapshot)).toBe(snapshot.matches('ordering'));
      if (screen === 'welcome') expect(order).toEqual(NEW_NODE_ORDER);
      // A failure is shown on the payment step only, with the fallback (no server reason here).
      const error = selectError(snapshot);
      if (error !== null) {
        expect(snapshot.matches({ form: 'payment' })).toBe(true);
        expect(error).toBe(NODE_ORDER_FALLBACK);
      }
      // The order handed over is complete, exactly as the form shows it.
      for (const input of placeOrder.inputs)
        expect(input).toEqual({ ...NEW_NODE_ORDER, selectedClient: 'jito', paymentMethod: 'crypto', acknowledgeRisks: true });
    },
  );
});

describe('node wizard machine', () => {
  /** Walks to the payment step with Agave chosen, changing on the way what `choices` asks. */
  function toPayment(
    actor: ReturnType<typeof startWizard>['actor'],
    choices: { yearly?: boolean; intensive?: boolean; yellowstone?: boolean } = {},
  ) {
    actor.send({ type: 'wizard.start' });
    if (choices.yearly) actor.send({ type: 'order.cycle', isYearly: true });
    actor.send({ type: 'wizard.next' });
    if (choices.intensive) actor.send({ type: 'order.type', resourceIntensive: true });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'wizard.next' });
    actor.send({ type: 'order.client', client: 'agave' });
    actor.send({ type: 'wizard.next' });
    if (choices.yellowstone) actor.send({ type: 'order.plugin', plugin: 'yellowstone' });
    actor.send({ type: 'wizard.next' });
  }

  it('hands over every choice of the form, and places one order however often Order is pressed', async () => {
    const { actor, placeOrder } = startWizard();
    toPayment(actor, { yearly: true, intensive: true, yellowstone: true });
    actor.send({ type: 'order.payment', method: 'fiat' });
    actor.send({ type: 'order.risks', acknowledged: true });
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.place' });
    actor.send({ type: 'wizard.cancel' });
    expect(actor.getSnapshot().value).toBe('ordering');
    expect(placeOrder.inputs).toEqual([
      {
        isYearly: true,
        acknowledgeRisks: true,
        resourceIntensiveEnabled: true,
        selectedLocation: null,
        selectedClient: 'agave',
        selectedPlugin: 'yellowstone',
        paymentMethod: 'fiat',
      },
    ]);
    const moved = nextSnapshot(actor);
    placeOrder.resolve();
    await moved;
    expect(selectScreen(actor.getSnapshot())).toBe('ordered');
  });

  it('keeps Order disabled until the risks are acknowledged and a payment method chosen, and says what is missing', () => {
    const { actor, placeOrder } = startWizard();
    toPayment(actor);
    expect(selectMissing(actor.getSnapshot())).toEqual(['payment', 'risks']);
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.risks', acknowledged: true });
    expect(selectMissing(actor.getSnapshot())).toEqual(['payment']);
    actor.send({ type: 'order.place' });
    actor.send({ type: 'order.payment', method: 'crypto' });
    actor.send({ type: 'order.risks', acknowledged: false });
    expect(selectMissing(actor.getSnapshot())).toEqual(['risks']);
    expect(selectCanOrder(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'order.place' });
    expect(placeOrder.inputs).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ form: 'payment' });
  });

  it('keeps the choices when going back, and drops them on Cancel', () => {
    const { actor } = startWizard();
    toPayment(actor, { yearly: true, yellowstone: true });
    for (let i = 0; i < 5; i++) actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toEqual({ form: 'billing' });
    expect(selectOrder(actor.getSnapshot())).toEqual({
      ...NEW_NODE_ORDER,
      isYearly: true,
      selectedClient: 'agave',
      selectedPlugin: 'yellowstone',
    });
    actor.send({ type: 'wizard.cancel' });
    actor.send({ type: 'wizard.start' });
    expect(selectOrder(actor.getSnapshot())).toEqual(NEW_NODE_ORDER);
    expect(selectStep(actor.getSnapshot())).toBe('billing');
  });

  it("takes each step's own choice only", () => {
    const { actor } = startWizard();
    actor.send({ type: 'wizard.start' });
    actor.send({ type: 'order.client', client: 'jito' });
    actor.send({ type: 'order.payment', method: 'crypto' });
    actor.send({ type: 'order.risks', acknowledged: true });
    expect(selectOrder(actor.getSnapshot())).toEqual(NEW_NODE_ORDER);
  });

  it("shows the server's reason when a real order is refused, and clears it at the next change", async () => {
    const { actor, placeOrder } = startWizard();
    toPayment(actor);
    actor.send({ type: 'order.payment', method: 'crypto' });
    actor.send({ type: 'order.risks', acknowledged: true });
    actor.send({ type: 'order.place' });
    const moved = nextSnapshot(actor);
    placeOrder.reject(new CallFailed({ kind: 'refused', status: 409, message: 'No capacity in this region.' }));
    await moved;
    expect(selectError(actor.getSnapshot())).toBe('No capacity in this region.');
    expect(actor.getSnapshot().value).toEqual({ form: 'payment' });
    actor.send({ type: 'order.payment', method: 'fiat' });
    expect(selectError(actor.getSnapshot())).toBeNull();
  });
});
