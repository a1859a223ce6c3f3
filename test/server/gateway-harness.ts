import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { components } from '@/api/schema';
import type { PlanName } from '@/domain/plan-catalog';
import { findPlanByName } from '@server/repos/plans';
import { setUserPlan } from '@server/repos/users';
import { startTestAnvil, type AnvilNode } from '../support/anvil';
import { bearer, signedInUser } from './helpers/accounts';
import type { ManualClock } from './helpers/manual-clock';
import { setUpValue } from './helpers/set-up-value';
import { startTestApp, type TestApp } from './helpers/test-app';

type ApiUser = components['schemas']['User'];

/** A signed-in user and their first API key, as the dashboard would have them. */
export interface KeyHolder {
  readonly userId: number;
  readonly email: string;
  readonly token: string;
  readonly apiKey: string;
}

export interface GatewayAppOptions {
  /** Settings added to the app's; UPSTREAM_MAINNET_URL is always the node's. */
  readonly env?: Readonly<Record<string, string>>;
  /** Devnet on the same node as mainnet. */
  readonly devnet?: boolean;
  /** One account with its key, signed up before the tests and shared by them (`holder`). */
  readonly holder?: boolean;
  /** The manual clock moves a second before each test: the Free plan's bucket (10 a second) is full again. */
  readonly fullBucketEachTest?: boolean;
}

/** What `setUpGatewayApp` started, readable once its beforeAll has run. */
export interface GatewayApp {
  readonly node: AnvilNode;
  readonly app: FastifyInstance;
  readonly clock: ManualClock;
  readonly holder: KeyHolder;
}

/**
 * A real anvil and the real app in front of it, for the tests of the file or describe block that
 * calls this: started in beforeAll, closed in afterAll (the app first, then the node).
 */
export function setUpGatewayApp(options: GatewayAppOptions = {}): GatewayApp {
  let node: AnvilNode | undefined;
  let server: TestApp | undefined;
  let holder: KeyHolder | undefined;
  beforeAll(async () => {
    node = await startTestAnvil();
    server = await startTestApp({
      UPSTREAM_MAINNET_URL: node.url,
      ...(options.devnet === true ? { UPSTREAM_DEVNET_URL: node.url } : {}),
      ...options.env,
    });
    if (options.holder === true) holder = await keyHolder(server.app);
  });
  afterAll(async () => {
    await server?.close();
    await node?.stop();
  });
  if (options.fullBucketEachTest === true) beforeEach(() => setUpValue(server, 'the gateway app').clock.advance(1000));
  return {
    get node() {
      return setUpValue(node, 'the anvil node');
    },
    get app() {
      return setUpValue(server, 'the gateway app').app;
    },
    get clock() {
      return setUpValue(server, 'the gateway app').clock;
    },
    get holder() {
      return setUpValue(holder, 'the key holder (setUpGatewayApp({ holder: true }))');
    },
  };
}

export async function me(app: FastifyInstance, token: string): Promise<ApiUser> {
  const response = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`GET /api/users/me answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export async function keyHolder(app: FastifyInstance, label = 'rpc'): Promise<KeyHolder> {
  const { email, token } = await signedInUser(app, label);
  const user = await me(app, token);
  if (user.apiKey === null) throw new Error('a new account has no API key');
  return { userId: user.id, email, token, apiKey: user.apiKey };
}

/** What `npm run admin -- set-plan` does (a new cycle starts at the test clock's now), then the cache is dropped. */
export async function putOnPlan(app: FastifyInstance, clock: Pick<ManualClock, 'now'>, userId: number, planName: PlanName): Promise<void> {
  const plan = await findPlanByName(app.db, planName);
  if (plan === null) throw new Error(`no plan ${planName}`);
  await setUserPlan(app.db, userId, { planId: plan.id, frequency: 'MONTHLY', now: clock.now() });
  app.keyCache.invalidateUser(userId);
}

export interface RpcOptions {
  readonly network?: string;
  readonly headers?: Record<string, string>;
  readonly remoteAddress?: string;
}

/** POST /api/v1/{network}/{apiKey} with a body sent as given (a string is sent byte for byte). */
export function rpc(app: FastifyInstance, apiKey: string, body: unknown, options: RpcOptions = {}): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    method: 'POST',
    url: `/api/v1/${options.network ?? 'mainnet'}/${apiKey}`,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  };
  return app.inject(request);
}

export const call = (method: string, id: number | string | null = 1, params: unknown[] = []) => ({ jsonrpc: '2.0', id, method, params });

/** The JSON-RPC error of a gateway refusal. */
export function rpcError(response: LightMyRequestResponse): { id: unknown; code: unknown; message: unknown } {
  const body: unknown = response.json();
  if (typeof body !== 'object' || body === null || !('error' in body) || typeof body.error !== 'object' || body.error === null) {
    throw new Error(`not a JSON-RPC error (${response.statusCode}): ${response.body}`);
  }
  const error = body.error;
  return {
    id: 'id' in body ? body.id : undefined,
    code: 'code' in error ? error.code : undefined,
    message: 'message' in error ? error.message : undefined,
  };
}

/**
 * Credits stored for the user (users.credits_used) and the sum of their metered minutes. Every
 * metering batch writes the same counts by the minute, the hour and the day: a sum of hours or days
 * that differs from the minutes' throws.
 */
export async function storedCredits(
  app: FastifyInstance,
  userId: number,
): Promise<{ creditsUsed: number; metered: number; requests: number }> {
  const users = await app.db.query<{ credits_used: number | string }>('SELECT credits_used FROM users WHERE id = $1', [userId]);
  const sums = async (table: string) => {
    const usage = await app.db.query<{ credits: number | string | null; requests: number | string | null }>(
      `SELECT SUM(credits) AS credits, SUM(requests) AS requests FROM ${table} WHERE user_id = $1`,
      [userId],
    );
    return { metered: Number(usage.rows[0]?.credits ?? 0), requests: Number(usage.rows[0]?.requests ?? 0) };
  };
  const minutes = await sums('usage_minutes');
  for (const table of ['usage_hours', 'usage_days']) {
    const other = await sums(table);
    if (other.metered !== minutes.metered || other.requests !== minutes.requests) {
      throw new Error(`${table} holds ${JSON.stringify(other)} of user ${userId}, usage_minutes ${JSON.stringify(minutes)}`);
    }
  }
  return { creditsUsed: Number(users.rows[0]?.credits_used ?? Number.NaN), ...minutes };
}
