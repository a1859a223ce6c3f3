import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayFront } from '@server/gateway/http-answer';
import { gatewayErrors } from '@server/gateway/rpc-errors';
import { apiPrefix } from '@server/http/api-prefix';
import { envelope } from '@server/http/errors';
import { securityHeaders } from '@server/http/security-headers';

const gatewayPathPrefix = `${apiPrefix}/v1/`;

/** What the client did wrong, in words, by Fastify's error code; null: not the client's doing. */
function clientMistake(code: string): { status: number; detail: string } | null {
  if (code === 'FST_ERR_BAD_URL') return { status: 400, detail: 'the URL path is not valid percent-encoding' };
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return { status: 414, detail: 'the URL path is too long' };
  return null;
}

const sentence = (detail: string) => `${detail.charAt(0).toUpperCase()}${detail.slice(1)}.`;

/**
 * Fastify's `frameworkErrors`: a request its router refuses before any route (a bad percent-escape
 * in the path...) is answered as the route it was meant for would answer, with the security
 * headers: a gateway path with the gateway front's JSON-RPC error (http-answer.ts), anything else
 * with the API's error envelope.
 */
export function frameworkErrorAnswers(front: GatewayFront): (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => void {
  return (error, request, reply) => {
    const url = request.raw.url ?? '';
    const mistake = clientMistake(error.code);
    if (mistake === null) request.log.error({ err: error }, 'request failed before routing');
    if (url.startsWith(gatewayPathPrefix)) {
      const answer =
        mistake === null ? front.internal : front.refusal({ ...gatewayErrors.invalid(mistake.detail), status: mistake.status });
      reply.code(answer.status).headers(answer.headers).send(answer.body);
      return;
    }
    const status = mistake?.status ?? 500;
    reply
      .headers(securityHeaders(url))
      .code(status)
      .send(envelope(status, mistake === null ? 'Something went wrong on our side. Please try again later.' : sentence(mistake.detail)));
  };
}
