import type { FastifyRequest } from 'fastify';
import type { Clock } from '@server/clock';
import type { Queryable } from '@server/db/db';
import { sha256, tokenPattern } from '@server/auth/tokens';
import { unauthorized } from '@server/http/errors';
import { findActiveSession } from '@server/repos/sessions';
import type { Membership } from '@server/repos/members';

export interface SessionAuth {
  readonly sessionId: number;
  /** The signed-in user: who acts (the audit log's actor), whichever project they act on. */
  readonly userId: number;
  /**
   * The project the request acts on and the user's role in it (server/auth/project-access.ts):
   * set for project-scoped operations, null for those about the user alone (/users/me, logout…).
   */
  readonly project: Membership | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the bearer check on operations whose openapi security is bearer; null elsewhere. */
    auth: SessionAuth | null;
  }
}

/** The bearer token's session, or a 401 when it is missing, malformed, expired or revoked. */
export async function authenticateBearer(request: FastifyRequest, db: Queryable, clock: Clock): Promise<SessionAuth> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') throw unauthorized('missing bearer token');
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  const token = match?.[1];
  if (token === undefined || !tokenPattern.test(token)) throw unauthorized('malformed bearer token');
  return sessionForToken(db, token, clock);
}

export async function sessionForToken(db: Queryable, token: string, clock: Clock): Promise<SessionAuth> {
  const session = tokenPattern.test(token) ? await findActiveSession(db, sha256(token), clock.now()) : null;
  if (session === null) throw unauthorized('the session has expired or was revoked');
  return { sessionId: session.id, userId: session.userId, project: null };
}
