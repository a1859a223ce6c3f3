import { describe, expect, it } from 'vitest';
import {
  type DedicatedNodeOrder,
  NEW_NODE_ORDER,
  NODE_ORDER_STEPS,
  NO_LOCATIONS_AVAILABLE,
  NO_NODES_AVAILABLE,
  ORDER_REQUIREMENT_TEXT,
  type OrderRequirement,
  canLeaveStep,
  canPlaceOrder,
  missingForOrder,
} from '@/domain/node-order';

const order = (changes: Partial<DedicatedNodeOrder>): DedicatedNodeOrder => ({ ...NEW_NODE_ORDER, ...changes });
const complete = order({ acknowledgeRisks: true, selectedClient: 'jito', paymentMethod: 'crypto' });

describe('missingForOrder (SPEC.md §5: risk acknowledgement, a client and a payment method)', () => {
  it.each<[string, DedicatedNodeOrder, OrderRequirement[]]>([
    ['a new order', NEW_NODE_ORDER, ['client', 'payment', 'risks']],
    ['a client only', order({ selectedClient: 'agave' }), ['payment', 'risks']],
    ['a payment method only', order({ paymentMethod: 'fiat' }), ['client', 'risks']],
    ['the risks only', order({ acknowledgeRisks: true }), ['client', 'payment']],
    ['a client and a payment method', order({ selectedClient: 'jito', paymentMethod: 'fiat' }), ['risks']],
    ['a client and the risks', order({ selectedClient: 'agave', acknowledgeRisks: true }), ['payment']],
    ['a payment method and the risks', order({ paymentMethod: 'crypto', acknowledgeRisks: true }), ['client']],
    ['all three', complete, []],
    [
      'all three, yearly, resource-intensive, Yellowstone',
      { ...complete, isYearly: true, resourceIntensiveEnabled: true, selectedPlugin: 'yellowstone' },
      [],
    ],
    ['all three with Agave and fiat', order({ acknowledgeRisks: true, selectedClient: 'agave', paymentMethod: 'fiat' }), []],
  ])('%s: missing %j', (_name, given, missing) => {
    expect(missingForOrder(given)).toEqual(missing);
    expect(canPlaceOrder(given)).toBe(missing.length === 0);
  });

  it('names each missing requirement plainly', () => {
    expect(ORDER_REQUIREMENT_TEXT).toEqual({
      client: 'Choose a client',
      payment: 'Choose a payment method',
      risks: 'Acknowledge the risks',
    });
  });
});

describe('canLeaveStep', () => {
  it.each<[(typeof NODE_ORDER_STEPS)[number], DedicatedNodeOrder, boolean]>([
    ['billing', NEW_NODE_ORDER, true],
    // Nothing is on offer in steps 1 and 2: they never hold the user back.
    ['type', NEW_NODE_ORDER, true],
    ['location', NEW_NODE_ORDER, true],
    ['client', NEW_NODE_ORDER, false],
    ['client', order({ selectedClient: 'agave' }), true],
    ['client', order({ selectedClient: 'jito' }), true],
    ['plugin', order({ selectedClient: 'jito' }), true],
    ['payment', complete, true],
  ])('%s with %j: %s', (step, given, allowed) => {
    expect(canLeaveStep(step, given)).toBe(allowed);
  });
});

describe('the order form', () => {
  it("walks SPEC.md's steps 0-5 in order", () => {
    expect(NODE_ORDER_STEPS).toEqual(['billing', 'type', 'location', 'client', 'plugin', 'payment']);
  });

  it('starts monthly with the free default plugin and nothing else chosen', () => {
    expect(NEW_NODE_ORDER).toEqual({
      isYearly: false,
      acknowledgeRisks: false,
      resourceIntensiveEnabled: false,
      selectedLocation: null,
      selectedClient: null,
      selectedPlugin: 'none',
      paymentMethod: null,
    });
  });

  it("keeps SPEC.md's texts word for word", () => {
    expect(NO_NODES_AVAILABLE).toBe('No Nodes Currently Available');
    expect(NO_LOCATIONS_AVAILABLE).toBe('NO LOCATIONS AVAILABLE FOR SELECTED NODE TYPE');
  });
});
