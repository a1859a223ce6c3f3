import type { TestModePages } from '@server/payments/local/test-mode';
import type { LocalContext } from '@server/payments/local/context';
import { problemPage } from '@server/payments/local/pages/layout';
import { renderReceiptPage } from '@server/payments/local/pages/receipt-page';
import { findInvoiceWithCustomer } from '@server/payments/local/store/invoices';
import { paths } from '@/domain/paths';

/**
 * An invoice's receipt page, the url the invoices list gives (as Stripe's hosted invoice page): the
 * invoice's random id is the link's only secret, so anyone with the link can read the receipt.
 */
export function receiptPage(context: LocalContext): TestModePages['receiptPage'] {
  return async (invoiceId) => {
    const invoice = await findInvoiceWithCustomer(context.db, invoiceId);
    const back = `${context.publicUrl}${paths.billing}`;
    if (invoice === null) {
      return { status: 404, html: problemPage('Invoice not found', 'There is no such invoice.', { href: back, text: 'Back to billing' }) };
    }
    return { status: 200, html: renderReceiptPage({ ...invoice, returnUrl: back }) };
  };
}
