import { catalogPlan } from '@/domain/plan-catalog';
import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import { compileAccessRules, keyAccessLists } from '@server/gateway/access-rules';
import type { KeyEntry, KeyLoader } from '@server/gateway/key-cache';
import type { CreditLedger } from '@server/metering/credit-ledger';
import { cycleAt } from '@server/metering/cycle';
import { getAccessControl } from '@server/repos/access-control';
import { keyRulesOf } from '@server/repos/key-rules';
import { findGatewayKey } from '@server/repos/gateway-keys';
import { rollOverCycle } from '@server/repos/stored-credits';

/** Loads a key for the cache: the key, plan and credits in one query, the project's allow-lists and the key's own rules beside. */
export function createKeyLoader(db: Db, ledger: CreditLedger, clock: Clock): KeyLoader {
  return async (apiKey: string): Promise<KeyEntry | null> => {
    const generation = ledger.generation;
    const row = await findGatewayKey(db, apiKey);
    // A previous secret whose grace is over is no key any more.
    if (row === null || (row.graceUntil !== null && row.graceUntil.getTime() <= clock.now().getTime())) return null;
    const [project, own] = await Promise.all([getAccessControl(db, row.credits.userId), keyRulesOf(db, row.keyId)]);
    const lists = keyAccessLists(project, own);
    const now = clock.now();
    const cycle = cycleAt(row.credits.anchor, now);
    // A cycle that ended since the last write starts afresh in the database too, so /users/me agrees.
    if (row.credits.countedCycleStart.getTime() < cycle.start.getTime() && row.credits.creditsUsed > 0) {
      await rollOverCycle(db, row.credits.userId, row.credits.anchor, cycle.start);
    }
    return {
      apiKey,
      keyId: row.keyId,
      userId: row.credits.userId,
      planId: row.planId,
      rate: row.ratePerSecond,
      credits: ledger.sync(row.credits, now, generation),
      spend: ledger.syncKey(row.keyId, row.credits, row.spend, now, generation),
      access: compileAccessRules(lists),
      lists,
      // The request log is an entitlement of the paid plans; a key can turn it off.
      logRequests: row.requestLog && catalogPlan(row.planId).entitlements.requestLog,
      expiresAt: row.expiresAt?.getTime() ?? null,
      graceUntil: row.graceUntil?.getTime() ?? null,
    };
  };
}
