import { notImplemented } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { signedIn } from '@server/handlers/services';

/** Checkout, customer portal and invoices are not built yet: honest 501s until then. */
export function createPaymentHandlers(): Pick<OperationHandlers, 'subscribe' | 'getCustomerPortal' | 'listInvoices'> {
  return {
    subscribe: async (input) => {
      signedIn(input);
      throw notImplemented('Plan checkout');
    },
    getCustomerPortal: async (input) => {
      signedIn(input);
      throw notImplemented('The customer portal');
    },
    listInvoices: async (input) => {
      signedIn(input);
      throw notImplemented('Invoices');
    },
  };
}
