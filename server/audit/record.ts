import type { AuditAction, AuditChanges, AuditTarget } from '@/domain/audit-log';
import type { Clock } from '@server/clock';
import type { Queryable } from '@server/db/db';
import { maskAddress } from '@server/metering/request-log';
import { insertAuditEntry, type AuditActor } from '@server/repos/audit-log';

/** Who, for which project, when and from where: the same for every entry of one request. */
export interface AuditOrigin {
  /** The project: its owner's user id. */
  readonly projectId: number;
  readonly actor: AuditActor;
  readonly at: Date;
  /** The client's address as the server sees it (unmasked: recordAudit masks it); null for the system. */
  readonly clientAddress: string | null;
}

/** What changed, and on what. */
export interface AuditFact {
  readonly action: AuditAction;
  readonly target: AuditTarget;
  readonly changes: AuditChanges;
}

/**
 * Writes one audit entry with `q`, the transaction of the change it records, so a change and its
 * entry land together or not at all. The address is masked here (maskAddress, as the request log).
 */
export async function recordAudit(q: Queryable, origin: AuditOrigin, fact: AuditFact): Promise<void> {
  await insertAuditEntry(q, {
    projectId: origin.projectId,
    actor: origin.actor,
    at: origin.at,
    clientAddress: origin.clientAddress === null ? null : maskAddress(origin.clientAddress),
    action: fact.action,
    target: fact.target,
    changes: fact.changes,
  });
}

/** The origin of a signed-in member's request: the project they act on, themselves as the actor, the app clock, the client's address (Fastify's request.ip). */
export function memberOrigin(
  auth: { readonly projectId: number; readonly userId: number },
  request: { readonly ip: string },
  clock: Clock,
): AuditOrigin {
  return { projectId: auth.projectId, actor: { type: 'user', userId: auth.userId }, at: clock.now(), clientAddress: request.ip };
}

/** The origin of a change the system makes (a payment provider's event, a background job): no member, no address. */
export function systemOrigin(projectId: number, at: Date): AuditOrigin {
  return { projectId, actor: { type: 'system' }, at, clientAddress: null };
}
