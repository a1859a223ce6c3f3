import type { AnyMachineSnapshot, EventFromLogic, EventObject } from 'xstate';
import { type NodeWizardContext, nodeWizardMachine } from '@machines/node-wizard';
import { CallFailed } from '@/domain/call-failure';
import { NEW_NODE_ORDER, NODE_ORDER_STEPS } from '@/domain/node-order';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type NodeWizardModelEvent = EventFromLogic<typeof nodeWizardMachine> | DoneEvent<'placeOrder', undefined> | ErrorEvent<'placeOrder'>;

/**
 * One choice away from each default (yearly, resource-intensive, Jito, Yellowstone, crypto), the
 * risks acknowledged and withdrawn, and the order logged or refused (as an API might one day).
 */
export const nodeWizardFixtures: NodeWizardModelEvent[] = [
  { type: 'order.cycle', isYearly: true },
  { type: 'order.type', resourceIntensive: true },
  { type: 'order.client', client: 'jito' },
  { type: 'order.plugin', plugin: 'yellowstone' },
  { type: 'order.payment', method: 'crypto' },
  { type: 'order.risks', acknowledged: true },
  { type: 'order.risks', acknowledged: false },
  { type: 'xstate.done.actor.placeOrder', output: undefined },
  { type: 'xstate.error.actor.placeOrder', error: new CallFailed({ kind: 'no-answer' }) },
];

function isContext(value: unknown): value is NodeWizardContext {
  return typeof value === 'object' && value !== null && 'order' in value && 'error' in value;
}

/** The index of the form's step a snapshot is in, or -1 outside the form. */
const stepIndex = (state: AnyMachineSnapshot) => NODE_ORDER_STEPS.findIndex((step) => state.matches({ form: step }));

/**
 * Whether the order is as the form's walk forward leaves it: nothing changed from the defaults but
 * the client (once its step is reached). Choices that need not be made (yearly, resource-intensive,
 * Yellowstone) each end a path instead of multiplying every later state by two.
 */
function untouched(state: AnyMachineSnapshot): boolean {
  const context: unknown = state.context;
  if (!isContext(context)) return false;
  const { order, error } = context;
  const { selectedClient, ...rest } = order;
  const { selectedClient: _none, ...defaults } = NEW_NODE_ORDER;
  return error === null && JSON.stringify(rest) === JSON.stringify(defaults) && (selectedClient === null || stepIndex(state) >= 3);
}

/**
 * Keeps the graph small and finite: optional choices, Next, Back and Cancel from untouched orders
 * only (Back past the client step only before one is chosen), the client chosen once.
 */
function walked(state: AnyMachineSnapshot, event: EventObject): boolean {
  switch (event.type) {
    case 'order.cycle':
    case 'order.type':
    case 'order.plugin':
    case 'wizard.next':
    case 'wizard.cancel':
      return untouched(state);
    case 'wizard.back': {
      const context: unknown = state.context;
      return untouched(state) && isContext(context) && (context.order.selectedClient === null || stepIndex(state) >= 4);
    }
    case 'order.client': {
      const context: unknown = state.context;
      return isContext(context) && context.order.selectedClient === null;
    }
    default:
      return true;
  }
}

export const nodeWizardFlow = createFlowModel(nodeWizardMachine, { fixtures: nodeWizardFixtures, filterEvents: walked });
export const nodeWizardPaths = nodeWizardFlow.paths();
