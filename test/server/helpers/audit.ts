import type { FastifyInstance } from 'fastify';
import type { components } from '@/api/schema';
import type { AuditOrigin } from '@server/audit/record';
import { bearer } from './accounts';
import type { TestApp } from './test-app';

/** The audit origin of a member's own request, as a handler builds it (for calls of the billing service made directly). */
export function memberAt(server: Pick<TestApp, 'clock'>, userId: number, clientAddress = '203.0.113.7'): AuditOrigin {
  return { projectId: userId, actor: { type: 'user', userId }, at: server.clock.now(), clientAddress };
}

type AuditLogPage = components['schemas']['AuditLogPage'];
export type AuditEntry = components['schemas']['AuditEntry'];

/** GET /api/auditLog as `token`'s member, with `query` ('group=keys&limit=2'); throws unless 200. */
export async function auditLog(app: FastifyInstance, token: string, query = ''): Promise<AuditLogPage> {
  const answer = await app.inject({ method: 'GET', url: `/api/auditLog${query === '' ? '' : `?${query}`}`, headers: bearer(token) });
  if (answer.statusCode !== 200) throw new Error(`GET /api/auditLog answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

/** The newest entry of the member's project. */
export async function newestEntry(app: FastifyInstance, token: string): Promise<AuditEntry | undefined> {
  return (await auditLog(app, token, 'limit=1')).entries[0];
}
