import { formatUsd } from '@/domain/money';
import escapeHtml from 'escape-html';
import { formatDate, page } from '@server/payments/local/pages/layout';

export interface ReceiptView {
  readonly number: string;
  readonly description: string;
  readonly amountCents: number;
  readonly status: 'open' | 'paid' | 'void';
  readonly createdAt: Date;
  readonly paidAt: Date | null;
  readonly customerEmail: string;
  readonly returnUrl: string;
}

const titles = { paid: 'Receipt', open: 'Invoice (unpaid)', void: 'Invoice (void)' } as const;

/** What the status line says: paid on a day, still due, or given back / no longer owed. */
function statusLine(view: ReceiptView): string {
  if (view.status === 'paid') return `Paid${view.paidAt === null ? '' : ` on ${formatDate(view.paidAt)}`} by test card.`;
  if (view.status === 'open') return 'Not paid yet: pay it from the customer portal.';
  return 'Void: refunded, or no longer owed.';
}

/** A test-mode invoice as the customer keeps it: number, dates, who, what, how much, and whether it is paid. */
export function renderReceiptPage(view: ReceiptView): string {
  return page(
    `${titles[view.status]} ${view.number}`,
    `<table>
<caption>Invoice ${escapeHtml(view.number)}</caption>
<tbody>
<tr><th scope="row">Date</th><td>${formatDate(view.createdAt)}</td></tr>
<tr><th scope="row">Billed to</th><td>${escapeHtml(view.customerEmail)}</td></tr>
<tr><th scope="row">Description</th><td>${escapeHtml(view.description)}</td></tr>
<tr><th scope="row">Amount</th><td>${formatUsd(view.amountCents)} (USD)</td></tr>
</tbody>
</table>
<p class="${view.status === 'paid' ? 'success' : 'muted'} after-table">${escapeHtml(statusLine(view))}</p>
<p class="actions"><a href="${escapeHtml(view.returnUrl)}">Return to dashboard</a></p>`,
  );
}
