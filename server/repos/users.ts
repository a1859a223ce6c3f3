import type { Db, Queryable } from '@server/db/db';
import { fromBigint, type BigintColumn } from '@server/repos/columns';
import { defaultPlanId, parseBillingFrequency, type BillingFrequency } from '@/domain/plan-catalog';
import { moveUserPlan } from '@server/repos/user-plan';

/** How an account was created: register, real Google sign-in, or the local development sign-in. */
export type AccountOrigin = 'password' | 'google' | 'local-sign-in';

function isAccountOrigin(value: string): value is AccountOrigin {
  return value === 'password' || value === 'google' || value === 'local-sign-in';
}

export interface UserRecord {
  id: number;
  email: string;
  passwordHash: string | null;
  origin: AccountOrigin;
  planId: number;
  billingFrequency: BillingFrequency;
  creditsUsed: number;
  cycleStart: Date;
  createdAt: Date;
  /** When the address was proved (verification link, used reset link, Google); null until then. */
  emailVerifiedAt: Date | null;
}

interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  origin: string;
  plan_id: number;
  billing_frequency: string;
  credits_used: BigintColumn;
  cycle_start: Date;
  created_at: Date;
  email_verified_at: Date | null;
}

const columns = 'id, email, password_hash, origin, plan_id, billing_frequency, credits_used, cycle_start, created_at, email_verified_at';

function toRecord(row: UserRow): UserRecord {
  const billingFrequency = parseBillingFrequency(row.billing_frequency);
  if (billingFrequency === null) throw new Error(`User ${row.id} has an unknown billing frequency`);
  if (!isAccountOrigin(row.origin)) throw new Error(`User ${row.id} has an unknown origin`);
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    origin: row.origin,
    planId: row.plan_id,
    billingFrequency,
    creditsUsed: fromBigint(row.credits_used),
    cycleStart: row.cycle_start,
    createdAt: row.created_at,
    emailVerifiedAt: row.email_verified_at,
  };
}

/**
 * Throws a unique violation (see isUniqueViolation) when the e-mail is taken, whatever its case.
 * `emailVerified`: the sign-in that creates it proved the address (Google), verified from `now`.
 */
export async function insertUser(
  q: Queryable,
  user: { email: string; passwordHash: string | null; origin: AccountOrigin; now: Date; emailVerified: boolean },
): Promise<UserRecord> {
  const { rows } = await q.query<UserRow>(
    `INSERT INTO users (email, password_hash, origin, plan_id, cycle_start, created_at, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6) RETURNING ${columns}`,
    [user.email, user.passwordHash, user.origin, defaultPlanId, user.now, user.emailVerified ? user.now : null],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO users returned no row');
  return toRecord(row);
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRecord | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${columns} FROM users WHERE lower(email) = lower($1)`, [email]);
  return rows[0] === undefined ? null : toRecord(rows[0]);
}

export async function findUserById(q: Queryable, id: number): Promise<UserRecord | null> {
  const { rows } = await q.query<UserRow>(`SELECT ${columns} FROM users WHERE id = $1`, [id]);
  return rows[0] === undefined ? null : toRecord(rows[0]);
}

export async function listUsers(q: Queryable): Promise<UserRecord[]> {
  const { rows } = await q.query<UserRow>(`SELECT ${columns} FROM users ORDER BY id`);
  return rows.map(toRecord);
}

export async function updatePasswordHash(q: Queryable, userId: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/**
 * An operator's setting of the plan, in its own transaction: what the admin command does (and what
 * fixtures and the bench do to arrange a plan). A new plan or frequency starts a new quota cycle at
 * `now` with nothing used; the same one again changes nothing. True when the plan moved.
 */
export async function setUserPlan(
  db: Db,
  userId: number,
  plan: { planId: number; frequency: BillingFrequency; now: Date },
): Promise<boolean> {
  const cause = { kind: 'operator', plan: { planId: plan.planId, frequency: plan.frequency } } as const;
  return db.transaction((tx) => moveUserPlan(tx, userId, cause, plan.now, plan.now));
}
