import type { FastifyInstance } from 'fastify';
import { rpcRoute } from '@server/gateway/routes';
import type { ProcessMetrics } from '@server/metrics/process-metrics';

/** Counts the app's HTTP answers by route and status, and times them by route; gateway calls are counted by the gateway itself (every path serves them). */
export function countHttpAnswers(app: FastifyInstance, metrics: ProcessMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The route as registered (e.g. /api/keys/:id), never the raw URL: one series per route, not per key.
    const route = request.routeOptions.url;
    if (route !== rpcRoute) metrics.answered(route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
