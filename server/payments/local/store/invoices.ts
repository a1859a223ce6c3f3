import type { Queryable } from '@server/db/db';
import { localId } from '@server/payments/local/ids';

export type LocalInvoiceStatus = 'open' | 'paid' | 'void';

export interface LocalInvoice {
  readonly id: string;
  readonly number: string;
  readonly subscriptionId: string;
  readonly description: string;
  readonly amountCents: number;
  readonly status: LocalInvoiceStatus;
  readonly createdAt: Date;
}

interface InvoiceRow {
  id: string;
  number: string;
  subscription_id: string;
  description: string;
  amount_cents: number;
  status: string;
  created_at: Date;
}

function statusOf(value: string): LocalInvoiceStatus {
  if (value === 'open' || value === 'paid' || value === 'void') return value;
  throw new Error(`Unknown invoice status in the test-mode tables: ${value}`);
}

function toInvoice(row: InvoiceRow): LocalInvoice {
  return {
    id: row.id,
    number: row.number,
    subscriptionId: row.subscription_id,
    description: row.description,
    amountCents: row.amount_cents,
    status: statusOf(row.status),
    createdAt: row.created_at,
  };
}

/** A new invoice, numbered in one sequence (TEST-000001, …), paid at once or left open (a failed payment). */
export async function insertInvoice(
  q: Queryable,
  invoice: { customerId: string; subscriptionId: string; description: string; amountCents: number; paid: boolean },
  now: Date,
): Promise<string> {
  const id = localId('lin');
  await q.query(
    `INSERT INTO local_invoices (id, number, customer_id, subscription_id, description, amount_cents, status, created_at, paid_at)
     VALUES ($1, 'TEST-' || lpad(nextval('local_invoice_numbers')::text, 6, '0'), $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      invoice.customerId,
      invoice.subscriptionId,
      invoice.description,
      invoice.amountCents,
      invoice.paid ? 'paid' : 'open',
      now,
      invoice.paid ? now : null,
    ],
  );
  return id;
}

/** The customer's invoices, newest first. */
export async function listCustomerInvoices(q: Queryable, customerId: string): Promise<LocalInvoice[]> {
  const { rows } = await q.query<InvoiceRow>(
    `SELECT id, number, subscription_id, description, amount_cents, status, created_at
     FROM local_invoices WHERE customer_id = $1 ORDER BY created_at DESC, number DESC`,
    [customerId],
  );
  return rows.map(toInvoice);
}

/** Pays the subscription's open invoices (a retried payment); how many there were. */
export async function payOpenInvoices(q: Queryable, subscriptionId: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE local_invoices SET status = 'paid', paid_at = $2 WHERE subscription_id = $1 AND status = 'open' RETURNING id`,
    [subscriptionId, now],
  );
  return rows.length;
}

/** A refund gives back the paid invoices; open ones are no longer owed once the subscription is cancelled. */
export async function voidInvoices(q: Queryable, subscriptionId: string, which: 'paid-and-open' | 'open'): Promise<void> {
  const statuses = which === 'paid-and-open' ? ['paid', 'open'] : ['open'];
  await q.query(`UPDATE local_invoices SET status = 'void' WHERE subscription_id = $1 AND status = ANY($2::text[])`, [
    subscriptionId,
    statuses,
  ]);
}

/** One invoice with its customer's e-mail, for its receipt page. */
export async function findInvoiceWithCustomer(
  q: Queryable,
  id: string,
): Promise<(LocalInvoice & { customerEmail: string; paidAt: Date | null }) | null> {
  const { rows } = await q.query<InvoiceRow & { email: string; paid_at: Date | null }>(
    `SELECT i.id, i.number, i.subscription_id, i.description, i.amount_cents, i.status, i.created_at, i.paid_at, c.email
     FROM local_invoices i JOIN local_customers c ON c.id = i.customer_id WHERE i.id = $1`,
    [id],
  );
  const row = rows[0];
  return row === undefined ? null : { ...toInvoice(row), customerEmail: row.email, paidAt: row.paid_at };
}
