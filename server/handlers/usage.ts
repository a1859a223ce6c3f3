import { bucketStart, reportGranularity, seriesGranularity } from '@/domain/usage-series';
import { networkChoice, toNetwork } from '@/domain/networks';
import { badRequest, unauthorized } from '@server/http/errors';
import { requireEntitlement } from '@server/handlers/entitlement';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { creditsInCycle, cycleAt } from '@server/metering/cycle';
import { rangeStart, usageReport } from '@server/metering/usage-report';
import { SERIES_METHODS, usageSeries } from '@server/metering/usage-series';
import { findStoredCredits, rollOverCycle } from '@server/repos/stored-credits';
import { usageByMethod } from '@server/repos/usage';
import { seriesBuckets, seriesMethods } from '@server/repos/usage-series';
import { inProject, type Services } from '@server/handlers/services';

/** What /usage/series answers on Free (SPEC.md §6: RPC metrics need a paid plan). */
export const METRICS_NEED_PAID_PLAN = 'RPC metrics are available on paid plans.';

export function createUsageHandlers({ db, clock, config }: Services): Pick<OperationHandlers, 'getUsage' | 'getUsageSeries'> {
  return {
    /** The metered usage of all the user's keys; what the gateway still holds in memory is written first. */
    getUsage: async (input) => {
      const { projectId: userId } = inProject(input);
      const range = input.query.range ?? '1m';
      const groupBy = input.query.groupBy ?? 'method';
      await input.request.server.metering.flush();
      const now = clock.now();
      const stored = await findStoredCredits(db, userId);
      if (stored === null) throw unauthorized('the account no longer exists');
      const cycle = cycleAt(stored.anchor, now);
      const creditsUsed = creditsInCycle(stored, cycle);
      // A cycle that ended starts afresh in the database too, so /users/me reads 0 as well.
      if (creditsUsed === 0 && stored.creditsUsed > 0) await rollOverCycle(db, userId, stored.anchor, cycle.start);
      // The range is summed from one table, whole buckets: `from` says where its first one starts.
      const granularity = reportGranularity(range);
      const from = bucketStart(rangeStart(range, now), granularity);
      const methods = await usageByMethod(db, userId, granularity, from, now);
      const body = usageReport({ range, groupBy, from, to: now, methods, cycle, creditsUsed, creditsLimit: stored.creditLimit });
      return { status: 200, body };
    },

    /** RPC Metrics' charts: points over the range and its busiest methods, on paid plans. */
    getUsageSeries: async (input) => {
      const { projectId: userId } = inProject(input);
      await requireEntitlement(db, userId, 'metrics', METRICS_NEED_PAID_PLAN);
      await input.request.server.metering.flush();
      const { network = null } = input.query;
      if (network !== null && toNetwork(network, config.networks) === null) {
        throw badRequest(`Unknown network "${network}" (use ${networkChoice(config.networks)}).`);
      }
      const range = input.query.range ?? '1m';
      const granularity = seriesGranularity(range);
      const now = clock.now();
      const from = bucketStart(rangeStart(range, now), granularity);
      const filter = { userId, keyId: input.query.keyId ?? null, network, method: input.query.method ?? null };
      const [buckets, methods] = await Promise.all([
        seriesBuckets(db, granularity, filter, from, now),
        seriesMethods(db, granularity, filter, from, now, SERIES_METHODS),
      ]);
      return { status: 200, body: usageSeries({ range, granularity, filter, from, to: now, buckets, methods }) };
    },
  };
}
