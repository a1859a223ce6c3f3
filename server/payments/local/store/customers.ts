import type { Queryable } from '@server/db/db';

export interface LocalCustomer {
  readonly id: string;
  readonly userId: number;
  readonly email: string;
}

export async function insertCustomer(q: Queryable, customer: LocalCustomer, now: Date): Promise<void> {
  await q.query('INSERT INTO local_customers (id, user_id, email, created_at) VALUES ($1, $2, $3, $4)', [
    customer.id,
    customer.userId,
    customer.email,
    now,
  ]);
}

export async function findCustomer(q: Queryable, id: string): Promise<LocalCustomer | null> {
  const { rows } = await q.query<{ id: string; user_id: number; email: string }>(
    'SELECT id, user_id, email FROM local_customers WHERE id = $1',
    [id],
  );
  const row = rows[0];
  return row === undefined ? null : { id: row.id, userId: row.user_id, email: row.email };
}

export interface PortalSession {
  readonly customerId: string;
  readonly returnUrl: string;
  readonly expiresAt: Date;
}

export async function insertPortalSession(q: Queryable, hash: string, session: PortalSession, now: Date): Promise<void> {
  await q.query(
    'INSERT INTO local_portal_sessions (token_hash, customer_id, return_url, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hash, session.customerId, session.returnUrl, now, session.expiresAt],
  );
}

/** The portal session of a token's hash, if it has not expired at `now`. */
export async function findPortalSession(q: Queryable, hash: string, now: Date): Promise<PortalSession | null> {
  const { rows } = await q.query<{ customer_id: string; return_url: string; expires_at: Date }>(
    'SELECT customer_id, return_url, expires_at FROM local_portal_sessions WHERE token_hash = $1 AND expires_at > $2',
    [hash, now],
  );
  const row = rows[0];
  return row === undefined ? null : { customerId: row.customer_id, returnUrl: row.return_url, expiresAt: row.expires_at };
}

/** Expired portal sessions are of no use to anyone. */
export async function deleteExpiredPortalSessions(q: Queryable, now: Date): Promise<void> {
  await q.query('DELETE FROM local_portal_sessions WHERE expires_at <= $1', [now]);
}
