import { HttpError } from '@server/http/errors';
import { Readiness, readinessChecks, type ReadinessReport } from '@server/health/readiness';
import type { OperationHandler } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';

/** GET /api/healthz and /api/readyz: for load balancers and orchestrators (never rate-limited; logged below info). */
export function createHealthHandlers({ config, db, log, redis }: Pick<Services, 'config' | 'db' | 'log' | 'redis'>): {
  getHealthz: OperationHandler<'getHealthz'>;
  getReadyz: OperationHandler<'getReadyz'>;
} {
  const readiness = new Readiness(readinessChecks(config, db, redis));
  let lastLogged: ReadinessReport | null = null;
  return {
    // Answering at all is the whole check: the event loop runs and the HTTP stack serves.
    getHealthz: async () => ({ status: 200, body: { status: 'ok' } }),
    getReadyz: async () => {
      const report = await readiness.report();
      if (report.ready) return { status: 200, body: { status: 'ready', checks: report.checks.map((check) => check.name) } };
      const notReady = report.checks.flatMap((check) => (check.problem === null ? [] : [`${check.name}: ${check.problem}`]));
      // Once per report (at most one a second), whatever the number of probes reading it.
      if (report !== lastLogged) log.warn({ notReady }, 'not ready');
      lastLogged = report;
      throw new HttpError(503, notReady);
    },
  };
}
