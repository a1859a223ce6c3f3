/** The API's invoice statuses (the provider's), as the invoices list shows them. */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

const labels: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Void',
};

export function invoiceStatusLabel(status: InvoiceStatus): string {
  return labels[status];
}
