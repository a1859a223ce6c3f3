/** SPEC.md §3 "Dedicated node order": the node's client, its Geyser plugin, how it is paid. */
export type NodeClient = 'agave' | 'jito';
export type GeyserPlugin = 'none' | 'yellowstone';
export type NodePaymentMethod = 'crypto' | 'fiat';

/** SPEC.md §3 "Dedicated node order", field for field. */
export interface DedicatedNodeOrder {
  isYearly: boolean;
  acknowledgeRisks: boolean;
  resourceIntensiveEnabled: boolean;
  /** No location is offered (SPEC.md step 2), so none can be chosen yet. */
  selectedLocation: string | null;
  selectedClient: NodeClient | null;
  selectedPlugin: GeyserPlugin;
  paymentMethod: NodePaymentMethod | null;
}

/** A new order: billed monthly, nothing acknowledged or chosen but the free default plugin (none). */
export const NEW_NODE_ORDER: DedicatedNodeOrder = {
  isYearly: false,
  acknowledgeRisks: false,
  resourceIntensiveEnabled: false,
  selectedLocation: null,
  selectedClient: null,
  selectedPlugin: 'none',
  paymentMethod: null,
};

/** SPEC.md's order form, steps 0 to 5, in order. */
export const NODE_ORDER_STEPS = ['billing', 'type', 'location', 'client', 'plugin', 'payment'] as const;
export type NodeOrderStep = (typeof NODE_ORDER_STEPS)[number];

/** SPEC.md's texts of steps 1 and 2, word for word: nothing is on offer. */
export const NO_NODES_AVAILABLE = 'No Nodes Currently Available';
export const NO_LOCATIONS_AVAILABLE = 'NO LOCATIONS AVAILABLE FOR SELECTED NODE TYPE';

/** What an order still lacks (SPEC.md §5: risk acknowledgement, a client and a payment method). */
export type OrderRequirement = 'risks' | 'client' | 'payment';

/** What the screen says is missing, in the form's order of steps. */
export const ORDER_REQUIREMENT_TEXT: Record<OrderRequirement, string> = {
  client: 'Choose a client',
  payment: 'Choose a payment method',
  risks: 'Acknowledge the risks',
};

/** The requirements an order does not meet yet, in the order the form asks for them; empty when it may be placed. */
export function missingForOrder(order: DedicatedNodeOrder): OrderRequirement[] {
  const missing: OrderRequirement[] = [];
  if (order.selectedClient === null) missing.push('client');
  if (order.paymentMethod === null) missing.push('payment');
  if (!order.acknowledgeRisks) missing.push('risks');
  return missing;
}

export const canPlaceOrder = (order: DedicatedNodeOrder): boolean => missingForOrder(order).length === 0;

/**
 * Whether the form may go on from a step. Only the client is required on the way (its step has
 * no default); no node type or location is on offer, so their steps never hold the user back.
 */
export function canLeaveStep(step: NodeOrderStep, order: DedicatedNodeOrder): boolean {
  return step !== 'client' || order.selectedClient !== null;
}

/** SPEC.md has no text for this; it follows the wording of its fallbacks. */
export const NODE_ORDER_FALLBACK = 'Failed to place the order. Please try again.';
