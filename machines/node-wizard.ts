import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import {
  type DedicatedNodeOrder,
  NEW_NODE_ORDER,
  NODE_ORDER_FALLBACK,
  NODE_ORDER_STEPS,
  type NodeOrderStep,
  canLeaveStep,
  canPlaceOrder,
  missingForOrder,
} from '@/domain/node-order';
import type { NodeWizardContext, NodeWizardEvent } from './node-wizard.types';

export type { NodeWizardContext, NodeWizardEvent } from './node-wizard.types';

const next = (target: NodeOrderStep, from: NodeOrderStep) => ({ target, guard: { type: 'canLeaveStep', params: { step: from } } }) as const;

/**
 * The dedicated node order of /dedicated-nodes (SPEC.md "Dedicated Nodes (demo)", §4 "Dedicated
 * node: welcome screen, then form", §5 "Node order needs risk acknowledgement, a client and a
 * payment method").
 *
 * - `welcome`: no order yet; 'Add Your First Dedicated Node' (`wizard.start`) opens a new one.
 * - `form`: SPEC.md's steps 0-5, one state each, walked with `wizard.next` and `wizard.back`. Each
 *   step takes only its own choice. Next is guarded by `canLeaveStep` (only the client step holds the
 *   user back until one is chosen: no node type or location is on offer, steps 1 and 2 say so).
 *   `wizard.cancel` drops the order from any step.
 * - `form.payment` is also where the risks are acknowledged and the order placed: `order.place` is
 *   guarded by `canOrder` (src/domain/node-order.ts says which requirement is missing).
 * - `ordering` hands the order to `placeOrder` (the demo only logs it; an API call later). Nothing
 *   can change meanwhile. A failure goes back to the payment step with its reason.
 * - `ordered`: the confirmation (nothing was charged); `order.done` goes back to the welcome screen.
 */
export const nodeWizardMachine = setup({
  types: {
    context: {} as NodeWizardContext,
    events: {} as NodeWizardEvent,
  },
  actors: {
    placeOrder: fromPromise<void, DedicatedNodeOrder>(async () => {
      throw new Error('placeOrder actor not provided');
    }),
  },
  actions: {
    change: assign(({ context }, params: Partial<DedicatedNodeOrder>) => ({ order: { ...context.order, ...params }, error: null })),
    reset: assign({ order: NEW_NODE_ORDER, error: null }),
  },
  guards: {
    canLeaveStep: ({ context }, params: { step: NodeOrderStep }) => canLeaveStep(params.step, context.order),
    canOrder: ({ context }) => canPlaceOrder(context.order),
  },
}).createMachine({
  id: 'nodeWizard',
  context: { order: NEW_NODE_ORDER, error: null },
  initial: 'welcome',
  states: {
    welcome: {
      on: { 'wizard.start': { target: 'form', actions: 'reset' } },
    },
    form: {
      initial: 'billing',
      on: { 'wizard.cancel': { target: 'welcome', actions: 'reset' } },
      states: {
        billing: {
          on: {
            'order.cycle': { actions: { type: 'change', params: ({ event }) => ({ isYearly: event.isYearly }) } },
            'wizard.next': next('type', 'billing'),
          },
        },
        type: {
          on: {
            'order.type': { actions: { type: 'change', params: ({ event }) => ({ resourceIntensiveEnabled: event.resourceIntensive }) } },
            'wizard.next': next('location', 'type'),
            'wizard.back': { target: 'billing' },
          },
        },
        location: {
          on: { 'wizard.next': next('client', 'location'), 'wizard.back': { target: 'type' } },
        },
        client: {
          on: {
            'order.client': { actions: { type: 'change', params: ({ event }) => ({ selectedClient: event.client }) } },
            'wizard.next': next('plugin', 'client'),
            'wizard.back': { target: 'location' },
          },
        },
        plugin: {
          on: {
            'order.plugin': { actions: { type: 'change', params: ({ event }) => ({ selectedPlugin: event.plugin }) } },
            'wizard.next': next('payment', 'plugin'),
            'wizard.back': { target: 'client' },
          },
        },
        payment: {
          on: {
            'order.payment': { actions: { type: 'change', params: ({ event }) => ({ paymentMethod: event.method }) } },
            'order.risks': { actions: { type: 'change', params: ({ event }) => ({ acknowledgeRisks: event.acknowledged }) } },
            'order.place': { guard: 'canOrder', target: '#nodeWizard.ordering' },
            'wizard.back': { target: 'plugin' },
          },
        },
      },
    },
    ordering: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => context.order,
        onDone: { target: 'ordered' },
        onError: {
          target: '#nodeWizard.form.payment',
          actions: assign({ error: ({ event }) => refusalOr(event.error, NODE_ORDER_FALLBACK) }),
        },
      },
    },
    ordered: {
      on: { 'order.done': { target: 'welcome', actions: 'reset' } },
    },
  },
});

export type NodeWizardSnapshot = SnapshotFrom<typeof nodeWizardMachine>;

/** Which screen shows: the welcome, the form (also while ordering), or the confirmation. */
export const selectScreen = (s: NodeWizardSnapshot): 'welcome' | 'form' | 'ordered' =>
  s.matches('welcome') ? 'welcome' : s.matches('ordered') ? 'ordered' : 'form';
/** The form's step (the payment step while the order is being placed). */
export const selectStep = (s: NodeWizardSnapshot): NodeOrderStep => NODE_ORDER_STEPS.find((step) => s.matches({ form: step })) ?? 'payment';
export const selectOrder = (s: NodeWizardSnapshot) => s.context.order;
/** What the order still lacks: why Order is disabled. */
export const selectMissing = (s: NodeWizardSnapshot) => missingForOrder(s.context.order);
export const selectCanGoNext = (s: NodeWizardSnapshot) => s.can({ type: 'wizard.next' });
export const selectCanOrder = (s: NodeWizardSnapshot) => s.can({ type: 'order.place' });
export const selectIsOrdering = (s: NodeWizardSnapshot) => s.hasTag('busy');
export const selectError = (s: NodeWizardSnapshot) => s.context.error;
