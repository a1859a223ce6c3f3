import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config';
import type { Clock } from '@server/clock';
import type { Db } from '@server/db/db';
import type { KeyCache } from '@server/gateway/key-cache';
import type { GoogleSignIn } from '@server/google/index';
import type { LoginLimits } from '@server/auth/login-limits';
import type { Mailer } from '@server/mail/mailer';
import type { SessionAuth } from '@server/auth/session-auth';
import { forbidden, unauthorized } from '@server/http/errors';
import type { Role } from '@/domain/roles';
import type { TestMode } from '@server/payments/local/test-mode';
import type { StripeWebhook } from '@server/payments/stripe/stripe-webhook';
import type { Billing } from '@server/payments/billing';
import type { Readiness } from '@server/health/readiness';
import type { StatusSource } from '@server/gateway/fleet/status-report';

/** What handlers work with; built once per app by buildApp. */
export interface Services {
  readonly config: Config;
  readonly db: Db;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly limits: LoginLimits;
  readonly google: GoogleSignIn;
  readonly log: FastifyBaseLogger;
  /** The gateway's key cache: key and access-control changes drop what it holds (also `app.keyCache`). */
  readonly keyCache: KeyCache;
  /** Billing and the configured payment provider's own operations (webhook, test-mode pages). */
  readonly payments: PaymentServices;
  /** The checks of /api/readyz (the database, Redis, each node), shared with the metrics' dependency gauges. */
  readonly readiness: Readiness;
  /** What GET /api/status reports: the gateway's fleet. */
  readonly status: StatusSource;
}

export interface PaymentServices {
  readonly billing: Billing;
  /** Stripe's webhook, when Stripe is the provider. */
  readonly stripeWebhook: StripeWebhook | null;
  /** The local test-mode provider's pages, when it is the provider (local mode only). */
  readonly testMode: TestMode | null;
}

/** The session of a bearer-protected operation (the registrar sets it; a missing one is a 401, never a crash). */
export function signedIn(input: { auth: SessionAuth | null }): SessionAuth {
  if (input.auth === null) throw unauthorized('missing bearer token');
  return input.auth;
}

/** The session of a project-scoped operation, with the project it acts on and the member's role there. */
export interface ProjectAuth {
  readonly sessionId: number;
  /** Who acts: the signed-in user. */
  readonly userId: number;
  /** The acting project (its owner's users.id): what keys, plan, usage and the rest hang on. */
  readonly projectId: number;
  readonly role: Role;
}

/** The acting project of a project-scoped operation (the registrar resolved it and checked the role). */
export function inProject(input: { auth: SessionAuth | null }): ProjectAuth {
  const auth = signedIn(input);
  if (auth.project === null) throw forbidden('This operation acts on no project.');
  return { sessionId: auth.sessionId, userId: auth.userId, projectId: auth.project.projectId, role: auth.project.role };
}
