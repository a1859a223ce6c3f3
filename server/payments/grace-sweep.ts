import type { FastifyBaseLogger } from 'fastify';
import { graceHasEnded } from '@/domain/grace-period';
import type { Clock } from '@server/clock';
import { repeatOnce } from '@server/db/advisory-locks';
import type { Db } from '@server/db/db';
import type { KeyCache } from '@server/gateway/key-cache';
import type { PaymentProvider } from '@server/payments/provider';
import { findSubscriptionForUpdate, listPastDueSince, saveSubscription } from '@server/repos/billing';
import { moveUserPlan } from '@server/repos/user-plan';

/** What the sweep uses of the billing's settings (server/payments/billing.ts). */
export interface GraceSweepSettings {
  readonly db: Db;
  readonly provider: PaymentProvider;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  readonly keyCache: Pick<KeyCache, 'invalidateUser'>;
  /** How long a past-due subscription keeps its plan before it drops to Free. */
  readonly graceDays: number;
}

const dayMs = 24 * 60 * 60_000;

/**
 * A past-due subscription keeps its plan for the grace period after its first failed renewal;
 * then it is cancelled at the provider and the user drops to Free. The list read first only names
 * candidates: a payment or an upgrade may land while the sweep works through it. So the provider
 * cancels only what it still holds unpaid (under its own lock), and each row is re-read locked in
 * the transaction that cancels it and cancelled only if it is still past due past the cut-off.
 * A provider that does not answer leaves the row for the next sweep. Returns how many ended.
 */
export async function endExpiredGrace(settings: GraceSweepSettings): Promise<number> {
  const { db, clock, graceDays, keyCache, provider, log } = settings;
  const now = clock.now();
  const candidates = await listPastDueSince(db, new Date(now.getTime() - graceDays * dayMs));
  let ended = 0;
  for (const candidate of candidates) {
    const atOurProvider = candidate.provider === provider.name;
    if (atOurProvider) {
      const atProvider = await provider.cancelUnpaid(candidate.id).catch((error: unknown) => {
        log.error({ err: error, subscription: candidate.id }, 'the unpaid subscription could not be cancelled at the provider: next sweep');
        return null;
      });
      // Paid meanwhile (its event brings the row up to date), or the provider did not answer.
      if (atProvider !== 'canceled') continue;
    }
    const dropped = await db.transaction(async (tx) => {
      const row = await findSubscriptionForUpdate(tx, candidate.provider, candidate.id);
      // The provider's own cancellation event may have ended it already; a payment may have revived it.
      if (row === null || !graceHasEnded(row, graceDays, now)) return null;
      await saveSubscription(tx, { ...row, status: 'canceled', stateAt: now }, now);
      return moveUserPlan(tx, row.userId, { kind: 'subscription-ended' }, now, now);
    });
    // With the local provider its cancellation event has already ended the row and moved the plan.
    if (atOurProvider || dropped !== null) ended += 1;
    if (dropped === true) keyCache.invalidateUser(candidate.userId);
  }
  return ended;
}

/**
 * Checks the grace periods every `intervalMs` (and once at start); answers how to stop. Every
 * replica runs this timer; a check runs only where no other replica's check is running
 * (repeatOnce), so the provider is not asked twice to cancel the same subscription. A check that
 * starts after another finished finds the rows it ended no longer past due (each row is re-read
 * locked before it changes).
 */
export function startGraceSweep(settings: GraceSweepSettings, intervalMs: number): () => void {
  return repeatOnce(settings.db, {
    name: 'graceSweep',
    intervalMs,
    immediately: true,
    job: () => endExpiredGrace(settings),
    onError: (error) => settings.log.error({ err: error }, 'the grace-period check failed'),
  });
}
