import { fromPromise } from 'xstate';
import { logDemoAction } from '@/api/demo-actions';
import type { DedicatedNodeOrder } from '@/domain/node-order';

/** The demo's order: logged, no call (SPEC.md: dedicated node order makes no calls). An API call later replaces only this actor. */
export const logNodeOrder = fromPromise<void, DedicatedNodeOrder>(async ({ input }) => {
  logDemoAction('Order dedicated node', input);
});
