import type { FastifyInstance } from 'fastify';
import { badRequest } from '@server/http/errors';

export const severalHostsMessage = 'A request carries exactly one Host header.';
/** The same, inside the gateway's 'Invalid request: …' */
export const severalHostsDetail = 'a request carries exactly one Host header';

/**
 * Whether a request head has more than one Host field. Node's HTTP server keeps the first and drops
 * the others from `headers` (only `rawHeaders` shows them), so a proxy in front that reads the last
 * one and this server would disagree on the host a request is for (RFC 9112 §3.2: answer 400).
 */
export function hasSeveralHosts(rawHeaders: readonly string[]): boolean {
  let hosts = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index];
    if (name === undefined || name.length !== 4 || name.toLowerCase() !== 'host') continue;
    hosts += 1;
    if (hosts > 1) return true;
  }
  return false;
}

/** Refuses such requests with 400 before any route (the gateway's error handler answers its own paths). */
export function installSingleHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (hasSeveralHosts(request.raw.rawHeaders)) throw badRequest(severalHostsMessage);
  });
}
