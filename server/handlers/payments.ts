import { badRequest, HttpError, notFound } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import type { FastifyReply } from 'fastify';
import type { TestModePages } from '@server/payments/local/test-mode';
import { UntranslatableStripeEvent, WebhookRefused, type StripeWebhook } from '@server/payments/stripe/stripe-webhook';
import { ProviderError } from '@server/payments/provider';
import { EventForUnknownUser } from '@server/payments/billing-events';
import { inProject, type PaymentServices } from '@server/handlers/services';
import type { Clock } from '@server/clock';
import { memberOrigin } from '@server/audit/record';

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
  | 'testModePortalAction'
  | 'testModeReceiptPage';

const testModeOff = () => notFound('The test-mode payment provider is not in use on this server.');

export function createPaymentHandlers(
  { billing, stripeWebhook, testMode }: PaymentServices,
  clock: Clock,
): Pick<OperationHandlers, PaymentOperations> {
  /** The test-mode pages, answered with their own Content-Security-Policy. */
  const pages = (reply: FastifyReply): TestModePages => {
    if (testMode === null) throw testModeOff();
    reply.header('content-security-policy', testMode.contentSecurityPolicy);
    return testMode.pages;
  };
  return {
    subscribe: async (input) => {
      const origin = memberOrigin(inProject(input), input.request, clock);
      return { status: 200, body: await billing.subscribe(origin, input.body.planId, input.body.frequency) };
    },
    getCustomerPortal: async (input) => ({ status: 200, body: { url: await billing.portalUrl(inProject(input).projectId) } }),
    getSubscription: async (input) => ({ status: 200, body: { subscription: await billing.subscription(inProject(input).projectId) } }),
    listInvoices: async (input) => ({ status: 200, body: await billing.invoices(inProject(input).projectId) }),
    getCheckout: async (input) => ({ status: 200, body: await billing.checkout(inProject(input).projectId, input.params.id) }),
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
        // Verified, but about a price or user this server does not know: Stripe keeps retrying it
        // (any non-2xx) and shows it failing in its dashboard, where an operator sees it.
        if (error instanceof UntranslatableStripeEvent) {
          request.log.error({ err: error }, 'a verified Stripe event could not be applied');
          throw badRequest(error.message);
        }
        if (error instanceof ProviderError) throw new HttpError(502, `Stripe did not answer while the event was read: ${error.message}`);
        throw error;
      }
      if (event !== null) {
        await billing.applyEvent(event).catch((error: unknown) => {
          if (!(error instanceof EventForUnknownUser)) throw error;
          request.log.error({ err: error }, 'a verified Stripe event could not be applied');
          throw badRequest(error.message);
        });
      }
      return { status: 200, body: { received: true } };
    },
    testModeCheckoutPage: async ({ params, reply }) => pages(reply).checkoutPage(params.id),
    testModePay: async ({ params, body, reply }) => pages(reply).pay(params.id, body),
    testModePortalPage: async ({ params, query, reply }) => pages(reply).portalPage(params.token, query.notice),
    testModePortalAction: async ({ params, body, reply }) => pages(reply).portalAction(params.token, body),
    testModeReceiptPage: async ({ params, reply }) => pages(reply).receiptPage(params.id),
  };
}
