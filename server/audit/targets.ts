import { maskKey } from '@/domain/key-display';
import { DEFAULT_PROJECT_NAME, projectIdFor } from '@/domain/project-settings';
import type { AuditTarget } from '@/domain/audit-log';

/** A key as an entry names it: id, name and its value masked as /keys shows it, never the secret. */
export function keyTarget(key: { readonly id: number; readonly name: string; readonly apiKey: string }): AuditTarget {
  return { type: 'key', id: String(key.id), name: key.name, maskedKey: maskKey(key.apiKey) };
}

/** The project itself (its settings, its access rules, its alerts), by its stored name (null: the default one). */
export function projectTarget(projectId: number, storedName: string | null): AuditTarget {
  return { type: 'project', id: projectIdFor(projectId), name: storedName ?? DEFAULT_PROJECT_NAME };
}

/** A subscription at the payment provider, named by its plan. */
export function subscriptionTarget(subscriptionId: string, planName: string | null): AuditTarget {
  return { type: 'subscription', id: subscriptionId, name: planName };
}

/** A member of the project, by their user id and e-mail. */
export function memberTarget(member: { readonly userId: number; readonly email: string }): AuditTarget {
  return { type: 'member', id: String(member.userId), name: member.email };
}

/** An invitation, by its id and the address it was sent to (never its token). */
export function inviteTarget(invite: { readonly id: number; readonly email: string }): AuditTarget {
  return { type: 'invite', id: String(invite.id), name: invite.email };
}
