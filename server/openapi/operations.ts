import { apiPrefix } from '@server/http/api-prefix';
import { routeKey } from '@server/http/validator';
import { arrayAt, isObject, objectAt, stringAt, type JsonObject } from '@server/openapi/json';
import { toJsonSchema } from '@server/openapi/json-schema';

const httpMethods = { get: 'GET', put: 'PUT', post: 'POST', delete: 'DELETE', patch: 'PATCH', head: 'HEAD', options: 'OPTIONS' } as const;
export type HttpMethod = (typeof httpMethods)[keyof typeof httpMethods];

/** One operation of openapi.yaml, ready to become a Fastify route. */
export interface OperationSpec {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** As written in the contract: '/apiKeys/{id}'. */
  readonly path: string;
  /** As Fastify routes it: '/api/apiKeys/:id'. */
  readonly url: string;
  /** Whether the operation requires `Authorization: Bearer <session token>`. */
  readonly bearer: boolean;
  readonly body: { readonly schema: JsonObject; readonly required: boolean; readonly mediaType: BodyMediaType } | null;
  /** `x-local-only: true`: a page of a local stand-in, never mounted with NODE_ENV=production. */
  readonly localOnly: boolean;
  readonly params: JsonObject | null;
  readonly querystring: JsonObject | null;
  /** JSON response schema per status code ('200', '401'...); null for a status without a JSON body. */
  readonly responses: Readonly<Record<string, JsonObject | null>>;
  /** Status codes answered with an HTML page (the local test-mode provider's). */
  readonly htmlStatuses: readonly string[];
}

function parameterSchema(parameters: unknown[], location: 'path' | 'query'): JsonObject | null {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const name = stringAt(parameter, 'name');
    if (name === undefined || stringAt(parameter, 'in') !== location) continue;
    properties[name] = toJsonSchema(objectAt(parameter, 'schema') ?? {});
    if (isObject(parameter) && parameter.required === true) required.push(name);
  }
  if (Object.keys(properties).length === 0) return null;
  return { type: 'object', properties, required };
}

function usesBearer(operation: JsonObject, document: JsonObject): boolean {
  const security = 'security' in operation ? operation.security : document.security;
  return Array.isArray(security) && security.some((requirement) => isObject(requirement) && 'bearer' in requirement);
}

/** Request bodies the API reads: JSON documents, and the form posts of the local test-mode pages. */
export type BodyMediaType = 'application/json' | 'application/x-www-form-urlencoded';
const bodyMediaTypes: readonly BodyMediaType[] = ['application/json', 'application/x-www-form-urlencoded'];

function schemaOf(holder: unknown, mediaType: string): JsonObject | null {
  const schema = objectAt(objectAt(objectAt(holder, 'content'), mediaType), 'schema');
  return schema === undefined ? null : toJsonSchema(schema);
}

function jsonSchemaOf(holder: unknown): JsonObject | null {
  return schemaOf(holder, 'application/json');
}

function requestBodyOf(requestBody: JsonObject | undefined): OperationSpec['body'] {
  for (const mediaType of bodyMediaTypes) {
    const schema = schemaOf(requestBody, mediaType);
    if (schema !== null) return { schema, required: requestBody?.required === true, mediaType };
  }
  return null;
}

/** Routes whose request body may be left out: see createValidatorCompiler. */
export function optionalBodyRoutes(specs: readonly OperationSpec[]): Set<string> {
  return new Set(specs.filter((spec) => spec.body !== null && !spec.body.required).map((spec) => routeKey(spec.method, spec.url)));
}

/** Every operation of the (dereferenced) document, in document order. */
export function listOperations(document: JsonObject): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, pathItem] of Object.entries(objectAt(document, 'paths') ?? {})) {
    for (const [method, httpMethod] of Object.entries(httpMethods)) {
      const operation = objectAt(pathItem, method);
      if (operation === undefined) continue;
      const operationId = stringAt(operation, 'operationId');
      if (operationId === undefined) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const parameters = [...arrayAt(pathItem, 'parameters'), ...arrayAt(operation, 'parameters')];
      const requestBody = objectAt(operation, 'requestBody');
      const responses = Object.fromEntries(
        Object.entries(objectAt(operation, 'responses') ?? {}).map(([status, response]) => [status, jsonSchemaOf(response)]),
      );
      operations.push({
        operationId,
        method: httpMethod,
        path,
        url: apiPrefix + path.replace(/\{([^}]+)\}/g, ':$1'),
        bearer: usesBearer(operation, document),
        body: requestBodyOf(requestBody),
        localOnly: operation['x-local-only'] === true,
        htmlStatuses: Object.entries(objectAt(operation, 'responses') ?? {})
          .filter(([, response]) => objectAt(objectAt(response, 'content'), 'text/html') !== undefined)
          .map(([status]) => status),
        params: parameterSchema(parameters, 'path'),
        querystring: parameterSchema(parameters, 'query'),
        responses,
      });
    }
  }
  return operations;
}
