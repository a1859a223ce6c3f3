import type { FastifyInstance } from 'fastify';
import type { Config } from '@server/config';
import type { RpcHandler } from '@server/gateway/gateway';
import { gatewayFront } from '@server/gateway/http-answer';
import { proxyTrust } from '@server/http/client-address';
import { answerBeforeClosing, drainMs, fastPathFor } from '@server/cluster/fast-path';
import { drainConnections } from '@server/http/connection-drain';

/**
 * WORKERS=1 (`npm start`'s default): the workers' fast path (server/cluster/rpc-connection.ts) in
 * front of the app's own server, so plain calls skip Fastify's request and reply objects here too;
 * every other request (the API, the SPA, any call the fast path does not take) reaches the app as
 * before. Returns the drain that makes every answer its connection's last (SHUTDOWN_DELAY_SECONDS), and
 * the close that stops both: the fast path's connections drain, then the app closes.
 * With FAST_PATH=off the app alone serves everything.
 */
export function withFastPath(app: FastifyInstance, gateway: RpcHandler, config: Config): { drain(): void; close(): Promise<void> } {
  if (!config.fastPath) {
    // FAST_PATH=off: every request through Fastify, which caps the connections itself (server/app.ts).
    answerBeforeClosing(app.server);
    return { drain: () => drainConnections(app.server, null), close: () => app.close() };
  }
  const fastPath = fastPathFor(app.server, {
    gateway,
    front: gatewayFront(config),
    onFailure: (error) => app.log.error({ err: error }, 'gateway call failed'),
    now: Date.now,
    trust: proxyTrust(config.trustProxy),
    maxConnections: config.maxConnections,
  });
  return {
    drain: () => drainConnections(app.server, fastPath),
    close: async () => {
      fastPath.close();
      const cut = setTimeout(() => fastPath.destroy(), drainMs);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
      }
    },
  };
}
