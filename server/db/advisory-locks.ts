import type { Db, Queryable } from '@server/db/db';

/**
 * PostgreSQL advisory locks in their two-integer form: the first integer names what is locked (a
 * namespace, so a user id here never collides with a job there), the second which one. The
 * migrations' single-bigint lock (server/db/migrate.ts) lives in a separate key space.
 */
export const lockSpace = {
  /** Per user: the read-decide-record steps of a checkout or a portal customer (server/payments/billing.ts). */
  userBilling: 0x5250_4301,
  /**
   * Per job: a background job that must run on one replica at a time. The second integer hashes the
   * job's name with the schema, so deployments in other schemas of the same database (the tests'
   * PostgreSQL run) do not skip each other's runs.
   */
  job: 0x5250_4302,
  /** The claim of usage alert mails (one lock for all: the daily cap counts what others claimed). */
  alertClaims: 0x5250_4303,
} as const;

/** The jobs that run once across replicas, each its own lock. */
export type JobName = 'graceSweep' | 'testModeRenewals' | 'usageRetention' | 'usageAlerts' | 'auditRetention';

/** Waits for the lock; it is released when the transaction `tx` ends (commit or rollback). */
export async function lockUntilCommit(tx: Queryable, space: number, id: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [space, id]);
}

/**
 * Runs `job` unless another replica on this PostgreSQL server is running it: the lock is taken
 * without waiting (`pg_try_advisory_xact_lock`) by a transaction that stays open, idle, on one
 * pooled connection for the whole run; the job itself uses `db` (its own transactions, each row
 * re-read locked), so it commits as it goes. A replica that dies mid-run loses its connection and,
 * with it, the lock. PGlite is one process by definition: nothing else can run the job there, so
 * `job` runs directly (the caller's own in-process guard keeps runs from stacking up).
 * Returns whether it ran.
 */
export async function runOnce(db: Db, name: JobName, job: () => Promise<unknown>): Promise<boolean> {
  if (db.kind !== 'postgres') {
    await job();
    return true;
  }
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema() || '/' || $2)) AS locked",
      [lockSpace.job, name],
    );
    if (rows[0]?.locked !== true) return false;
    await job();
    return true;
  });
}

export interface RepeatedJob {
  readonly name: JobName;
  readonly intervalMs: number;
  /** Also run once at start, rather than first after one interval. */
  readonly immediately: boolean;
  readonly job: () => Promise<unknown>;
  readonly onError: (error: unknown) => void;
}

/**
 * Runs a job every interval on every replica, through `runOnce`: one replica at a time across
 * the database, and one run at a time in this process (a slow run does not stack the next ones
 * up; a tick that finds it still running is skipped). Returns what stops the timer.
 */
export function repeatOnce(db: Db, repeated: RepeatedJob): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runOnce(db, repeated.name, repeated.job)
      .catch(repeated.onError)
      .finally(() => {
        running = false;
      });
  };
  if (repeated.immediately) tick();
  const timer = setInterval(tick, repeated.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
