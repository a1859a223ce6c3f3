import { HttpError } from '@server/http/errors';
import { problemLines, type ReadinessReport } from '@server/health/readiness';
import type { OperationHandler } from '@server/openapi/handler-types';
import type { Services } from '@server/handlers/services';

const drainingMessage = 'shutting down: this replica takes no new traffic';

/** GET /api/healthz and /api/readyz: for load balancers and orchestrators (never rate-limited; logged below info). */
export function createHealthHandlers({ log, readiness }: Pick<Services, 'log' | 'readiness'>): {
  getHealthz: OperationHandler<'getHealthz'>;
  getReadyz: OperationHandler<'getReadyz'>;
} {
  /** What was last logged (the lines of failed checks), so a change is logged once, not every probe. */
  let lastLogged = '';
  const logChange = (report: ReadinessReport, problems: readonly string[]) => {
    const said = problems.join('\n');
    if (said === lastLogged) return;
    lastLogged = said;
    if (!report.ready) log.warn({ notReady: problems }, 'not ready');
    else if (problems.length > 0) log.warn({ degraded: problems }, 'ready, degraded');
    else log.warn('ready again: every check passes');
  };
  return {
    // Answering at all is the whole check: the event loop runs and the HTTP stack serves. It never
    // waits on a dependency (a liveness probe's time-out is short, and a process restarted for a
    // node's outage comes back to the same outage).
    getHealthz: async () => ({ status: 200, body: { status: 'ok' } }),
    getReadyz: async () => {
      // A load balancer takes this replica out while it still serves what it is sent (SHUTDOWN_DELAY_SECONDS).
      if (readiness.draining) throw new HttpError(503, [drainingMessage]);
      const report = await readiness.report();
      const problems = problemLines(report);
      logChange(report, problems);
      if (report.ready) {
        return { status: 200, body: { status: 'ready', checks: report.checks.map((check) => check.name), degraded: problems } };
      }
      throw new HttpError(503, problems);
    },
  };
}
