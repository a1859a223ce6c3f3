import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { contractGuard } from '@server/openapi/contract-guard';
import type {
  GatewayOperationId,
  HandledOperationId,
  OperationHandler,
  OperationHandlers,
  PathParams,
  QueryParams,
  ReplyShape,
  RequestBody,
} from '@server/openapi/handler-types';
import type { OperationSpec } from '@server/openapi/operations';

const gatewayOperation: GatewayOperationId = 'rpcCall';

/**
 * The bearer check of an operation: the session, then the acting project and the member's role
 * against src/domain/roles.ts's table for this operation (server/auth/project-access.ts).
 */
export type Authenticate = (request: FastifyRequest, operationId: HandledOperationId) => Promise<void>;

function isHandled(operationId: string, handlers: OperationHandlers): operationId is HandledOperationId {
  return Object.hasOwn(handlers, operationId);
}

function routeSchema(spec: OperationSpec): FastifySchema {
  const schema: FastifySchema = {};
  if (spec.body !== null) schema.body = spec.body.schema;
  if (spec.params !== null) schema.params = spec.params;
  if (spec.querystring !== null) schema.querystring = spec.querystring;
  return schema;
}

async function send(reply: FastifyReply, result: ReplyShape): Promise<FastifyReply> {
  if (result.location !== undefined) return reply.redirect(result.location, result.status);
  if (result.html !== undefined) return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  if (result.body === undefined) return reply.code(result.status).send();
  return reply.code(result.status).send(result.body);
}

function registerOperation<K extends HandledOperationId>(
  app: FastifyInstance,
  spec: OperationSpec,
  operationId: K,
  handlers: OperationHandlers,
  authenticate: Authenticate,
): void {
  const handler: OperationHandler<K> = handlers[operationId];
  const isBody = contractGuard<RequestBody<K>>(spec.body?.schema ?? null, spec.body?.required !== true);
  const isParams = contractGuard<PathParams<K>>(spec.params ?? { type: 'object' });
  const isQuery = contractGuard<QueryParams<K>>(spec.querystring ?? { type: 'object' });
  app.route({
    method: spec.method,
    url: spec.url,
    schema: routeSchema(spec),
    // onRequest: a request without a valid session, or from a role that may not call it, is refused before its body is even read.
    ...(spec.bearer ? { onRequest: async (request: FastifyRequest) => authenticate(request, operationId) } : {}),
    handler: async (request, reply) => {
      // An operation without a request body ignores whatever was sent; JSON null counts as no body.
      const body = spec.body === null ? undefined : (request.body ?? undefined);
      const { params, query } = request;
      if (!isBody(body) || !isParams(params) || !isQuery(query)) {
        throw new Error(`${operationId}: the request passed route validation but not the contract guard`);
      }
      return send(reply, await handler({ body, params, query, auth: request.auth, request, reply }));
    },
  });
}

/**
 * Registers every operation of openapi.yaml (except the gateway's) with its request schemas and
 * its handler; fails at start-up if the contract and the handlers disagree. Operations marked
 * x-local-only (the local stand-ins' pages) are mounted only when `mountLocalOnly` is true.
 */
export function registerOperations(
  app: FastifyInstance,
  specs: readonly OperationSpec[],
  handlers: OperationHandlers,
  authenticate: Authenticate,
  mountLocalOnly: boolean,
): void {
  for (const spec of specs) {
    if (spec.operationId === gatewayOperation) continue;
    if (spec.localOnly && !mountLocalOnly) continue;
    if (!isHandled(spec.operationId, handlers)) {
      throw new Error(`openapi.yaml operation ${spec.operationId} has no handler (run npm run gen:api?)`);
    }
    registerOperation(app, spec, spec.operationId, handlers, authenticate);
  }
  const inContract = new Set(specs.map((spec) => spec.operationId));
  const orphan = Object.keys(handlers).find((operationId) => !inContract.has(operationId));
  if (orphan !== undefined) throw new Error(`Handler ${orphan} matches no operation of openapi.yaml`);
}
