import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@/api/schema';
import type { SessionAuth } from '@server/auth/session-auth';

export type OperationId = keyof operations;
/** The gateway (server/gateway/routes.ts) registers its own route for this operation. */
export type GatewayOperationId = 'rpcCall';
export type HandledOperationId = Exclude<OperationId, GatewayOperationId>;

type Operation<K extends OperationId> = operations[K];
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;
/** A request body: a JSON document, or the form post of a local test-mode page. */
type BodyContent<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : T extends { content: { 'application/x-www-form-urlencoded': infer Body } }
    ? Body
    : undefined;
type IsHtml<T> = T extends { content: { 'text/html': unknown } } ? true : false;
type Present<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

/** The request body as the contract types it (undefined where the body is optional or absent). */
export type RequestBody<K extends OperationId> =
  | BodyContent<NonNullable<Operation<K>['requestBody']>>
  | (undefined extends Operation<K>['requestBody'] ? undefined : never);
export type PathParams<K extends OperationId> = Present<Operation<K>['parameters']['path']>;
export type QueryParams<K extends OperationId> = Present<Operation<K>['parameters']['query']>;

type Responses<K extends OperationId> = Operation<K>['responses'];
/** Statuses a handler returns: the successes, and every status an HTML page answers (its errors are pages too). */
type ResultStatus<K extends OperationId> =
  | Extract<keyof Responses<K>, 200 | 201 | 204 | 302 | 303>
  | { [S in keyof Responses<K>]: IsHtml<Responses<K>[S]> extends true ? S : never }[keyof Responses<K>];
type ResultFor<S, R> = S extends 302 | 303
  ? { status: S; location: string }
  : IsHtml<R> extends true
    ? { status: S; html: string }
    : [JsonContent<R>] extends [undefined]
      ? { status: S }
      : { status: S; body: JsonContent<R> };

/** What the registrar sends, whatever the operation. */
export interface ReplyShape {
  readonly status: number;
  readonly body?: unknown;
  readonly location?: string;
  /** A whole HTML page (the local test-mode provider's), sent as text/html. */
  readonly html?: string;
}

/** One of the operation's success answers, typed from openapi.yaml. Errors are thrown as HttpError. */
export type OperationResult<K extends OperationId> = { [S in ResultStatus<K>]: ResultFor<S, Responses<K>[S]> }[ResultStatus<K>] &
  ReplyShape;

export interface OperationInput<K extends OperationId> {
  /** Already validated against the contract's request schema. */
  readonly body: RequestBody<K>;
  readonly params: PathParams<K>;
  readonly query: QueryParams<K>;
  /** The bearer session; non-null on every operation whose security is bearer. */
  readonly auth: SessionAuth | null;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}

export type OperationHandler<K extends OperationId> = (input: OperationInput<K>) => Promise<OperationResult<K>>;

/** One handler per operation of the contract: a missing one is a compile error. */
export type OperationHandlers = { readonly [K in HandledOperationId]: OperationHandler<K> };
