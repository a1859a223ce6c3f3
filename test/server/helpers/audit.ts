import type { AuditOrigin } from '@server/audit/record';
import type { TestApp } from './test-app';

/** The audit origin of a member's own request, as a handler builds it (for calls of the billing service made directly). */
export function memberAt(server: Pick<TestApp, 'clock'>, userId: number, clientAddress = '203.0.113.7'): AuditOrigin {
  return { projectId: userId, actor: { type: 'user', userId }, at: server.clock.now(), clientAddress };
}
