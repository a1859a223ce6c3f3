import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '@server/http/api-prefix';

/** The probes' paths (openapi.yaml: getHealthz, getReadyz). */
export const probePaths: ReadonlySet<string> = new Set([`${apiPrefix}/healthz`, `${apiPrefix}/readyz`]);

/**
 * A load balancer probes every few seconds: at info level its requests would bury the log lines
 * people look for. Their routes log from warn up (a not-ready report is a warning). Call before the
 * routes are registered.
 */
export function quietProbes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (probePaths.has(route.url)) route.logLevel = 'warn';
  });
}
