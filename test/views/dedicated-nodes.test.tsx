import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectError, selectMissing, selectOrder, selectScreen, selectStep } from '@machines/node-wizard';
import { queryClient } from '@/app/query-client';
import {
  type DedicatedNodeOrder,
  NEW_NODE_ORDER,
  NODE_ORDER_FALLBACK,
  NODE_ORDER_STEPS,
  NO_LOCATIONS_AVAILABLE,
  NO_NODES_AVAILABLE,
  ORDER_REQUIREMENT_TEXT,
} from '@/domain/node-order';
import DedicatedNodesPage from '@/views/dedicated-nodes/dedicated-nodes-page';
import {
  CLIENT_CHOICES,
  CYCLE_CHOICES,
  PAYMENT_CHOICES,
  PLUGIN_CHOICES,
  RESOURCE_INTENSIVE_LABEL,
  RISKS_LABEL,
  STEP_TEXT,
} from '@/views/dedicated-nodes/node-order-texts';
import { type Executors, describePath } from '../machines/flow-model';
import { type NodeWizardModelEvent, nodeWizardFlow, nodeWizardPaths } from '../machines/models/node-wizard.model';
import { pendingCall } from '../machines/pending-call';
import { renderInApp } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => queryClient.clear());

const START = 'Add Your First Dedicated Node';
const COMPLETE_ORDER: DedicatedNodeOrder = { ...NEW_NODE_ORDER, selectedClient: 'jito', paymentMethod: 'crypto', acknowledgeRisks: true };
const button = (name: string) => screen.getByRole('button', { name });
const radio = (name: string) => screen.getByRole('radio', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const isChecked = (element: HTMLElement) => element instanceof HTMLInputElement && element.checked;
const title = <V extends string>(choices: ReadonlyArray<{ value: V; title: string }>, value: V) =>
  choices.find((choice) => choice.value === value)?.title ?? '';

function renderPage() {
  seedConfig();
  const placeOrder = pendingCall<void, DedicatedNodeOrder>('placeOrder');
  renderInApp(<DedicatedNodesPage placeOrder={placeOrder.logic} />, { path: '/dedicated-nodes' });
  return { placeOrder };
}

/** The radios of a step, checked as the order says (none checked while nothing is chosen). */
function expectChecked<V extends string>(choices: ReadonlyArray<{ value: V; title: string }>, value: V | null) {
  for (const choice of choices) expect(radio(choice.title)).toHaveProperty('checked', choice.value === value);
}

describe('dedicated nodes page, walking the node wizard machine paths', () => {
  for (const path of nodeWizardPaths) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { placeOrder } = renderPage();

      await nodeWizardFlow.run(
        path,
        {
          'wizard.start': () => user.click(button(START)),
          'wizard.next': () => user.click(button('Next')),
          'wizard.back': () => user.click(button('Back')),
          'wizard.cancel': () => user.click(button('Cancel')),
          'order.cycle': ({ isYearly }) => user.click(radio(isYearly ? 'Yearly' : 'Monthly')),
          'order.type': async ({ resourceIntensive }) => {
            if (isChecked(checkbox(RESOURCE_INTENSIVE_LABEL)) !== resourceIntensive) await user.click(checkbox(RESOURCE_INTENSIVE_LABEL));
          },
          'order.client': ({ client }) => user.click(radio(title(CLIENT_CHOICES, client))),
          'order.plugin': ({ plugin }) => user.click(radio(title(PLUGIN_CHOICES, plugin))),
          'order.payment': ({ method }) => user.click(radio(title(PAYMENT_CHOICES, method))),
          'order.risks': async ({ acknowledged }) => {
            if (isChecked(checkbox(RISKS_LABEL)) !== acknowledged) await user.click(checkbox(RISKS_LABEL));
          },
          'order.place': () => user.click(button('Order')),
          'order.done': () => user.click(button('Done')),
          'xstate.done.actor.placeOrder': () => act(async () => placeOrder.resolve()),
          'xstate.error.actor.placeOrder': ({ error }) => act(async () => placeOrder.reject(error)),
        } satisfies Executors<NodeWizardModelEvent>,
        async (expected) => {
          expect(screen.getByRole('heading', { level: 1, name: 'Dedicated Nodes' })).toBeTruthy();
          const shown = selectScreen(expected);
          const order = selectOrder(expected);
          expect(screen.queryByRole('button', { name: START }) !== null).toBe(shown === 'welcome');
          expect(screen.queryByRole('heading', { level: 2, name: 'Order received' }) !== null).toBe(shown === 'ordered');
          // Only the complete order the form showed is handed over (the model's: Jito, crypto, risks acknowledged).
          for (const input of placeOrder.inputs) expect(input).toEqual(COMPLETE_ORDER);
          if (shown !== 'form') {
            expect(screen.queryByRole('list', { name: 'Order steps' })).toBeNull();
            return;
          }
          const step = selectStep(expected);
          const index = NODE_ORDER_STEPS.indexOf(step);
          expect(screen.getByRole('heading', { level: 2, name: STEP_TEXT[step].title })).toBeTruthy();
          expect(screen.getByText(`Step ${index + 1} of 6`)).toBeTruthy();
          const current = within(screen.getByRole('list', { name: 'Order steps' }))
            .getAllByRole('listitem')
            .findIndex((item) => item.getAttribute('aria-current') === 'step');
          expect(current).toBe(index);
          expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(index > 0);
          if (step === 'billing') expectChecked(CYCLE_CHOICES, order.isYearly ? 'yearly' : 'monthly');
          if (step === 'type') {
            expect(isChecked(checkbox(RESOURCE_INTENSIVE_LABEL))).toBe(order.resourceIntensiveEnabled);
            expect(screen.getByText(NO_NODES_AVAILABLE)).toBeTruthy();
          }
          if (step === 'location') expect(screen.getByText(NO_LOCATIONS_AVAILABLE)).toBeTruthy();
          if (step === 'client') {
            expectChecked(CLIENT_CHOICES, order.selectedClient);
            expect(button('Next')).toHaveProperty('disabled', order.selectedClient === null);
            expect(screen.queryByText('Choose a client to continue.') !== null).toBe(order.selectedClient === null);
          }
          if (step === 'plugin') expectChecked(PLUGIN_CHOICES, order.selectedPlugin);
          if (step !== 'payment') {
            if (step !== 'client') expect(button('Next')).toHaveProperty('disabled', false);
            expect(screen.queryByRole('button', { name: 'Order' })).toBeNull();
            return;
          }
          expectChecked(PAYMENT_CHOICES, order.paymentMethod);
          expect(isChecked(checkbox(RISKS_LABEL))).toBe(order.acknowledgeRisks);
          const ordering = expected.matches('ordering');
          const orderButton = screen.getByRole('button', { name: ordering ? /Ordering/ : 'Order' });
          const missing = selectMissing(expected);
          // SPEC.md §5: Order is disabled until the risks are acknowledged and a client and a payment method chosen.
          expect(orderButton).toHaveProperty('disabled', ordering || missing.length > 0);
          for (const requirement of ['client', 'payment', 'risks'] as const) {
            expect(screen.queryByText(ORDER_REQUIREMENT_TEXT[requirement]) !== null).toBe(missing.includes(requirement));
          }
          expect(screen.queryByRole('alert')?.textContent ?? null).toBe(selectError(expected));
          if (selectError(expected) !== null) expect(selectError(expected)).toBe(NODE_ORDER_FALLBACK);
        },
      );
    });
  }
});

describe('dedicated nodes page', () => {
  /** From the welcome screen to the payment step with a client chosen. */
  async function toPayment(user: ReturnType<typeof userEvent.setup>, client = 'Agave') {
    await user.click(button(START));
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(radio(client));
    await user.click(button('Next'));
    await user.click(button('Next'));
  }

  it('logs the order with logDemoAction (no call), says nothing was charged, and Done goes back to the welcome screen', async () => {
    const user = userEvent.setup({ delay: null });
    const logged: unknown[][] = [];
    const info = console.info;
    console.info = (...args: unknown[]) => void logged.push(args);
    try {
      seedConfig();
      renderInApp(<DedicatedNodesPage />, { path: '/dedicated-nodes' });
      await user.click(button(START));
      await user.click(radio('Yearly'));
      await user.click(button('Next'));
      await user.click(checkbox(RESOURCE_INTENSIVE_LABEL));
      await user.click(button('Next'));
      await user.click(button('Next'));
      await user.click(radio('Jito'));
      await user.click(button('Next'));
      await user.click(radio('Yellowstone'));
      await user.click(button('Next'));
      await user.click(radio('Fiat'));
      await user.click(checkbox(RISKS_LABEL));
      await user.click(button('Order'));
      expect(await screen.findByRole('heading', { level: 2, name: 'Order received' })).toBeTruthy();
    } finally {
      console.info = info;
    }
    expect(logged).toEqual([
      [
        '[demo] Order dedicated node',
        {
          isYearly: true,
          acknowledgeRisks: true,
          resourceIntensiveEnabled: true,
          selectedLocation: null,
          selectedClient: 'jito',
          selectedPlugin: 'yellowstone',
          paymentMethod: 'fiat',
        },
      ],
    ]);
    expect(screen.getByRole('status').textContent).toMatch(/Nothing was charged/);
    const summary = screen.getByRole('region', { name: 'Order received' });
    expect(within(summary).getByText('Yearly')).toBeTruthy();
    expect(within(summary).getByText('Fiat')).toBeTruthy();
    await user.click(button('Done'));
    await waitFor(() => expect(document.activeElement).toBe(button(START)));
  });

  it('moves the focus to each step as it appears', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(button(START));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Billing cycle' })));
    await user.click(button('Next'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Node type' })));
    await user.click(button('Back'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Billing cycle' })));
  });

  it('says why Order is disabled, and ties that to the button', async () => {
    const user = userEvent.setup({ delay: null });
    const { placeOrder } = renderPage();
    await toPayment(user);
    const order = button('Order');
    expect(order).toHaveProperty('disabled', true);
    const why = document.getElementById(order.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe(`Order is disabled until you:${ORDER_REQUIREMENT_TEXT.payment}${ORDER_REQUIREMENT_TEXT.risks}`);
    await user.click(checkbox(RISKS_LABEL));
    expect(why?.textContent).toBe(`Order is disabled until you:${ORDER_REQUIREMENT_TEXT.payment}`);
    await user.click(radio('Crypto (USDC)'));
    expect(button('Order')).toHaveProperty('disabled', false);
    expect(button('Order').getAttribute('aria-describedby')).toBeNull();
    // Withdrawing the acknowledgement disables it again.
    await user.click(checkbox(RISKS_LABEL));
    expect(button('Order')).toHaveProperty('disabled', true);
    expect(placeOrder.inputs).toEqual([]);
  });

  it('names every radio by its title, describes it by its text, and groups each step under a name', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(button(START));
    expect(screen.getByRole('radiogroup', { name: 'Billing cycle' })).toBeTruthy();
    const yearly = radio('Yearly');
    expect(document.getElementById(yearly.getAttribute('aria-describedby') ?? '')?.textContent).toBe(CYCLE_CHOICES[1]?.description);
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(button('Next'));
    await user.click(button('Next'));
    // Geyser plugins: both free.
    await user.click(radio('Jito'));
    await user.click(button('Next'));
    const plugins = screen.getByRole('radiogroup', { name: 'Geyser plugin' });
    expect(within(plugins).getAllByText('Free')).toHaveLength(2);
  });

  it('keeps the choices when going back, and Cancel starts the next order afresh', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await toPayment(user, 'Jito');
    await user.click(button('Back'));
    await user.click(button('Back'));
    expect(radio('Jito')).toHaveProperty('checked', true);
    await user.click(button('Cancel'));
    await user.click(button(START));
    for (let i = 0; i < 3; i++) await user.click(button('Next'));
    expect(radio('Jito')).toHaveProperty('checked', false);
    expect(button('Next')).toHaveProperty('disabled', true);
  });
});
