import type { EventFromLogic } from 'xstate';
import { type CheckoutPlan, type CheckoutStarted, checkoutMachine } from '@machines/checkout';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type CheckoutModelEvent =
  | EventFromLogic<typeof checkoutMachine>
  | DoneEvent<'startCheckout', CheckoutStarted>
  | ErrorEvent<'startCheckout'>;

export const developerMonthly: CheckoutPlan = { planId: 2, name: 'Developer', frequency: 'MONTHLY', price: 4900 };

export const checkoutStarted: CheckoutStarted = {
  url: 'http://127.0.0.1:8080/api/payment/test-mode/checkout/lco_model',
  checkoutId: 'lco_model',
};

export const checkoutFixtures: CheckoutModelEvent[] = [
  { type: 'checkout.open', plan: developerMonthly },
  { type: 'xstate.done.actor.startCheckout', output: checkoutStarted },
  // A refusal with the server's reason, and the provider down without one (SPEC.md §8 fallback).
  {
    type: 'xstate.error.actor.startCheckout',
    error: new CallFailed({ kind: 'refused', status: 409, message: 'You are already on the Developer plan.' }),
  },
  { type: 'xstate.error.actor.startCheckout', error: new CallFailed({ kind: 'refused', status: 502, message: null }) },
];

export const checkoutFlow = createFlowModel(checkoutMachine, { fixtures: checkoutFixtures });
export const checkoutPaths = checkoutFlow.paths();
