import { type Checkout, type CheckoutReturnInput, checkoutReturnMachine } from '@machines/checkout-return';
import { CallFailed } from '@/domain/call-failure';
import { type AfterEvent, type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type CheckoutReturnModelEvent =
  | { type: 'checkout.recheck' }
  | DoneEvent<'getCheckout', Checkout>
  | ErrorEvent<'getCheckout'>
  | AfterEvent<'pollDelay', 'checkoutReturn.waiting'>;

export const checkoutOf = (status: Checkout['status']): Checkout => ({
  id: 'lco_return',
  status,
  planId: 2,
  planName: 'Developer',
  frequency: 'MONTHLY',
  amount: 4900,
  currency: 'USD',
});

export const checkoutReturnFixtures: CheckoutReturnModelEvent[] = [
  { type: 'xstate.done.actor.getCheckout', output: checkoutOf('open') },
  { type: 'xstate.done.actor.getCheckout', output: checkoutOf('complete') },
  { type: 'xstate.done.actor.getCheckout', output: checkoutOf('expired') },
  {
    type: 'xstate.error.actor.getCheckout',
    error: new CallFailed({ kind: 'refused', status: 404, message: 'There is no such checkout.' }),
  },
];

/** Small enough that the graph stays small: two 'open' answers and the page stops asking. */
export const MODEL_MAX_CHECKS = 2;

export interface ReturnArrival {
  name: string;
  input: CheckoutReturnInput;
}

export const returnArrivals: ReturnArrival[] = [
  { name: 'with a checkout id', input: { checkoutId: 'lco_return', maxChecks: MODEL_MAX_CHECKS } },
  { name: 'without a checkout id', input: { checkoutId: null, maxChecks: MODEL_MAX_CHECKS } },
];

export const checkoutReturnFlows = returnArrivals.map((arrival) => {
  const flow = createFlowModel(checkoutReturnMachine, { fixtures: checkoutReturnFixtures, input: arrival.input });
  return { ...arrival, flow, paths: flow.paths() };
});
