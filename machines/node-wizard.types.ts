import type { DedicatedNodeOrder, GeyserPlugin, NodeClient, NodePaymentMethod } from '@/domain/node-order';

export interface NodeWizardContext {
  /** The order as the form stands (SPEC.md §3 "Dedicated node order"). */
  order: DedicatedNodeOrder;
  /** Why the last order was not placed; cleared by the next change or attempt. */
  error: string | null;
}

export type NodeWizardEvent =
  /** 'Add Your First Dedicated Node': a new, empty order. */
  | { type: 'wizard.start' }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  /** Leave the form for the welcome screen; the order is dropped. */
  | { type: 'wizard.cancel' }
  | { type: 'order.cycle'; isYearly: boolean }
  | { type: 'order.type'; resourceIntensive: boolean }
  | { type: 'order.client'; client: NodeClient }
  | { type: 'order.plugin'; plugin: GeyserPlugin }
  | { type: 'order.payment'; method: NodePaymentMethod }
  | { type: 'order.risks'; acknowledged: boolean }
  | { type: 'order.place' }
  /** From the confirmation back to the welcome screen. */
  | { type: 'order.done' };
