import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadOpenApiDocument } from '@server/openapi/document';
import { listOperations, type OperationSpec } from '@server/openapi/operations';
import { sampleOf } from './schema-samples';

/** Every operation of openapi.yaml the API serves (the gateway's rpcCall aside): a new one is covered without edits. */
export function apiOperations(): OperationSpec[] {
  return listOperations(loadOpenApiDocument()).filter((operation) => operation.operationId !== 'rpcCall');
}

/** Every operation of openapi.yaml whose security is bearer. */
export function bearerOperations(): OperationSpec[] {
  return apiOperations().filter((operation) => operation.bearer);
}

/** The operation's URL with every path parameter filled in (the token is checked before them). */
export function sampleUrl(operation: OperationSpec): string {
  return operation.url.replace(/:[^/]+/g, '1');
}

/** The ways a bearer token can be wrong; `revokedToken`/`expiredToken` come from the caller. */
export function badAuthorizations(tokens: {
  revokedToken: string;
  expiredToken: string;
}): Array<{ name: string; headers: Record<string, string> }> {
  return [
    { name: 'missing', headers: {} },
    { name: 'empty', headers: { authorization: '' } },
    { name: 'not a bearer scheme', headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } },
    { name: 'malformed', headers: { authorization: 'Bearer not-a-token' } },
    { name: 'unknown', headers: { authorization: `Bearer ${'A'.repeat(43)}` } },
    { name: 'revoked', headers: { authorization: `Bearer ${tokens.revokedToken}` } },
    { name: 'expired', headers: { authorization: `Bearer ${tokens.expiredToken}` } },
  ];
}

/** Sends the operation a plausible request with the given headers (a JSON body of its schema's shape where it takes one). */
export function callOperation(app: FastifyInstance, operation: OperationSpec, headers: Record<string, string>) {
  const request: InjectOptions = { method: operation.method, url: sampleUrl(operation), headers };
  if (operation.body !== null) {
    request.payload = JSON.stringify(sampleOf(operation.body.schema));
    request.headers = { ...headers, 'content-type': 'application/json' };
  }
  return app.inject(request);
}
