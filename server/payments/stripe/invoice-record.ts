import type Stripe from 'stripe';
import type { InvoiceRecord, InvoiceStatus } from '@server/payments/provider';
import { ProviderError } from '@server/payments/provider';

const statuses: readonly InvoiceStatus[] = ['draft', 'open', 'paid', 'uncollectible', 'void'];

function isInvoiceStatus(status: string | null): status is InvoiceStatus {
  return statuses.some((known) => known === status);
}

/**
 * A Stripe invoice as the dashboard lists it; null for one that is not a real invoice yet (no
 * status: a preview). A paid invoice shows what was paid, any other its total. Amounts are never
 * converted: an invoice in another currency than USD is refused, since our prices are all USD.
 */
export function invoiceRecordOf(invoice: Stripe.Invoice): InvoiceRecord | null {
  if (!isInvoiceStatus(invoice.status)) return null;
  if (invoice.currency !== 'usd') {
    throw new ProviderError(`invoice ${invoice.id} is in ${invoice.currency.toUpperCase()}; this dashboard bills and shows USD only.`);
  }
  return {
    id: invoice.id,
    number: invoice.number,
    date: new Date((invoice.effective_at ?? invoice.created) * 1000),
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.total,
    currency: 'USD',
    status: invoice.status,
    url: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}
