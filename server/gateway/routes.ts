import type { FastifyError, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { apiPrefix } from '@server/http/api-prefix';
import { HttpError } from '@server/http/errors';
import type { RpcHandler } from '@server/gateway/gateway';
import { writeAnswer, type GatewayFront } from '@server/gateway/http-answer';
import { rpcCodes, type GatewayError } from '@server/gateway/rpc-errors';

export const rpcRoute = `${apiPrefix}/v1/:network/:apiKey`;

interface RpcParams {
  network: string;
  apiKey: string;
}

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && 'code' in error && typeof error.code === 'string';
}

/** What Fastify's own refusals (bad Content-Length...) and the app's hooks' say went wrong; null: not the client's doing. */
function errorFor(error: unknown): GatewayError | 'tooLarge' | null {
  // A refusal of the app's own hooks (e.g. two Host headers), worded for a JSON-RPC client.
  if (error instanceof HttpError && error.statusCode < 500) {
    return {
      status: error.statusCode,
      code: rpcCodes.invalidRequest,
      message: `Invalid request: ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`,
    };
  }
  if (!isFastifyError(error)) return null;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'tooLarge';
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, code: rpcCodes.invalidRequest, message: `Invalid request: ${error.message}` };
  return null;
}

/**
 * POST /api/v1/{network}/{apiKey} in its own encapsulated plugin: the body is read raw (any
 * content type, up to the gateway's limit) because the node must get the client's bytes as they
 * came, and every answer, even Fastify's own refusals, is a JSON-RPC error object, never a stack.
 * What is answered is http-answer.ts's to say; this front only hands it to Fastify or Node.
 */
export function gatewayRoutes(gateway: RpcHandler, front: GatewayFront): FastifyPluginAsync {
  const { bodyLimit } = front;
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));

    app.setErrorHandler((error: unknown, request, reply) => {
      const problem = errorFor(error);
      if (problem === null) request.log.error({ err: error }, 'gateway call failed');
      const answer = problem === null ? front.internal : problem === 'tooLarge' ? front.tooLarge : front.refusal(problem);
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });

    app.post<{ Params: RpcParams }>(rpcRoute, { bodyLimit }, async (request, reply) => {
      const answer = await gateway.call({
        network: request.params.network,
        apiKey: request.params.apiKey,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
        origin: request.headers.origin,
        clientIp: request.ip,
      });
      reply.hijack();
      try {
        writeAnswer(reply.raw, answer);
      } catch (error) {
        // E.g. a header value from the node that Node refuses to send: nothing sensible is left to say.
        request.log.error({ err: error }, 'gateway answer could not be written');
        reply.raw.destroy();
      }
    });

    // CORS preflight of browsers calling from a dapp's origin.
    app.options(rpcRoute, async (_request, reply) => reply.code(front.preflight.status).headers(front.preflight.headers).send());
  };
}
