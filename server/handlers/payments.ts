import { badRequest, notFound } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { WebhookRefused, type StripeWebhook, type TestModePages } from '@server/payments/adapters';
import type { Billing } from '@server/payments/billing';
import { signedIn } from '@server/handlers/services';

export interface PaymentServices {
  readonly billing: Billing;
  /** Stripe's webhook, when Stripe is the provider. */
  readonly stripeWebhook: StripeWebhook | null;
  /** The local test-mode provider's pages, when it is the provider (local mode only). */
  readonly testMode: TestModePages | null;
}

type PaymentOperations =
  | 'subscribe'
  | 'getCustomerPortal'
  | 'getSubscription'
  | 'listInvoices'
  | 'getCheckout'
  | 'stripeWebhook'
  | 'testModeCheckoutPage'
  | 'testModePay'
  | 'testModePortalPage'
  | 'testModePortalAction';

const testModeOff = () => notFound('The test-mode payment provider is not in use on this server.');

export function createPaymentHandlers({ billing, stripeWebhook, testMode }: PaymentServices): Pick<OperationHandlers, PaymentOperations> {
  return {
    subscribe: async (input) => {
      const { userId } = signedIn(input);
      return { status: 200, body: await billing.subscribe(userId, input.body.planId, input.body.frequency) };
    },
    getCustomerPortal: async (input) => ({ status: 200, body: { url: await billing.portalUrl(signedIn(input).userId) } }),
    getSubscription: async (input) => ({ status: 200, body: { subscription: await billing.subscription(signedIn(input).userId) } }),
    listInvoices: async (input) => ({ status: 200, body: await billing.invoices(signedIn(input).userId) }),
    getCheckout: async (input) => ({ status: 200, body: await billing.checkout(signedIn(input).userId, input.params.id) }),
    stripeWebhook: async ({ request }) => {
      if (stripeWebhook === null) throw notFound('Stripe is not configured on this server.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || request.rawBody === undefined)
        throw badRequest('A Stripe event needs its body and its Stripe-Signature header.');
      let event: Awaited<ReturnType<StripeWebhook['verifyEvent']>>;
      try {
        event = await stripeWebhook.verifyEvent(request.rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookRefused) throw badRequest(error.message);
        throw error;
      }
      if (event !== null) await billing.applyEvent(event);
      return { status: 200, body: { received: true } };
    },
    testModeCheckoutPage: async ({ params }) => {
      if (testMode === null) throw testModeOff();
      return testMode.checkoutPage(params.id);
    },
    testModePay: async ({ params, body }) => {
      if (testMode === null) throw testModeOff();
      return testMode.pay(params.id, body);
    },
    testModePortalPage: async ({ params }) => {
      if (testMode === null) throw testModeOff();
      return testMode.portalPage(params.token);
    },
    testModePortalAction: async ({ params, body }) => {
      if (testMode === null) throw testModeOff();
      return testMode.portalAction(params.token, body);
    },
  };
}
