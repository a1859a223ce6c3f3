import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The request id: an inbound `X-Request-Id` (a load balancer's, a client's) when it is a plain token,
 * else a new UUID. Fastify binds it to every log line of the request (`reqId`), and every answer
 * says it back in `X-Request-Id`, so an operator finds a request's lines from what the client saw.
 */
export const requestIdHeader = 'x-request-id';

/** Letters, digits and `_ . : -`, up to 128: what proxies send (UUIDs, hex, trace ids), and nothing that forges a log line. */
const plainId = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The id of a request (Fastify's genReqId): its own X-Request-Id when plain, else a new one. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const inbound = request.headers[requestIdHeader];
  return typeof inbound === 'string' && plainId.test(inbound) ? inbound : randomUUID();
}

/** Every answer carries its request's id. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestIdHeader, request.id);
    done();
  });
}
