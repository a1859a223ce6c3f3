import type { Db, Queryable } from '@server/db/db';
import { lockSpace, lockUntilCommit } from '@server/db/advisory-locks';
import { postgresPoolSize } from '@server/db/postgres';

/** Runs the calls of one key one after another (e.g. one user's checkouts), other keys in parallel. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** At most `limit` tasks at once; the others wait their turn in order. */
class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `active` never dips while others wait.
      const next = this.waiting.shift();
      if (next === undefined) this.active -= 1;
      else next();
    }
  }
}

/**
 * Holders of the per-user lock at once in this replica: each holds a pooled connection while it
 * talks to the payment provider, and the steps inside (and the test-mode provider's own queries)
 * need other connections, so holders may take half the pool and never all of it.
 */
const maxHolders = Math.max(1, Math.floor(postgresPoolSize / 2));

/**
 * One user's billing steps (read what they have, decide, call the provider, record) one at a time,
 * across every replica on the database.
 *
 * - On a PostgreSQL server the steps run in one transaction that first takes the user's
 *   transaction-scoped advisory lock (`pg_advisory_xact_lock`): another replica's call for the same
 *   user waits there until this one commits, then reads what it recorded. What the steps record
 *   commits together. The provider is called inside the transaction (the lock must cover the decision
 *   and its recording), so a slow provider holds a connection: calls are first serialised per user in
 *   this process (one connection per user and replica, however many tabs) and capped in number.
 * - PGlite is one process by definition (its data directory is locked to one server), so the
 *   in-process queue is the whole lock; no transaction is opened there, because PGlite has one
 *   connection and a provider call inside a transaction would stall every other query meanwhile
 *   (the test-mode provider's own queries included).
 *
 * The unique index on a user's open checkout (008_one_open_checkout.sql) backs this up.
 */
export class UserLocks {
  private readonly inProcess = new KeyedLock();
  private readonly holders = new Semaphore(maxHolders);

  constructor(private readonly db: Db) {}

  /** `steps` must use the handle it is given for every query of theirs. */
  run<T>(userId: number, steps: (q: Queryable) => Promise<T>): Promise<T> {
    const { db } = this;
    return this.inProcess.run(String(userId), () => {
      if (db.kind !== 'postgres') return steps(db);
      return this.holders.run(() =>
        db.transaction(async (tx) => {
          await lockUntilCommit(tx, lockSpace.userBilling, userId);
          return steps(tx);
        }),
      );
    });
  }
}
