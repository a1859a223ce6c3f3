import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '@/api/schema';
import type { SessionAuth } from '@server/auth/session-auth';

export type OperationId = keyof operations;
/** The gateway (server/gateway/routes.ts) registers its own route for this operation. */
export type GatewayOperationId = 'rpcCall';
export type HandledOperationId = Exclude<OperationId, GatewayOperationId>;

type Operation<K extends OperationId> = operations[K];
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;
type Present<T> = [NonNullable<T>] extends [never] ? Record<string, never> : NonNullable<T>;

/** The request body as the contract types it (undefined where the body is optional or absent). */
export type RequestBody<K extends OperationId> =
  | JsonContent<NonNullable<Operation<K>['requestBody']>>
  | (undefined extends Operation<K>['requestBody'] ? undefined : never);
export type PathParams<K extends OperationId> = Present<Operation<K>['parameters']['path']>;
export type QueryParams<K extends OperationId> = Present<Operation<K>['parameters']['query']>;

type Responses<K extends OperationId> = Operation<K>['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 204 | 302>;
type ResultFor<S, R> = S extends 302
  ? { status: S; location: string }
  : [JsonContent<R>] extends [undefined]
    ? { status: S }
    : { status: S; body: JsonContent<R> };

/** What the registrar sends, whatever the operation. */
export interface ReplyShape {
  readonly status: number;
  readonly body?: unknown;
  readonly location?: string;
}

/** One of the operation's success answers, typed from openapi.yaml. Errors are thrown as HttpError. */
export type OperationResult<K extends OperationId> = { [S in SuccessStatus<K>]: ResultFor<S, Responses<K>[S]> }[SuccessStatus<K>] &
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
