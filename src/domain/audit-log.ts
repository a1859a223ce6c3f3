import { formatUtcMoment } from './key-lifecycle';

/**
 * The audit log of a project: the closed list of recorded actions, the groups the settings tab
 * filters by, their labels, how long entries are kept, and how a change reads. The server records
 * these names (server/audit/record.ts), openapi.yaml lists them (AuditAction), the SPA shows them.
 */

/** Every action an entry may name. */
export const AUDIT_ACTIONS = [
  'key.created',
  'key.renamed',
  'key.deleted',
  'key.request_log_switched',
  'key.rolled',
  'key.expiry_changed',
  'access_rules.updated',
  'key_rules.updated',
  'project.renamed',
  'autoscaling.updated',
  'alerts.updated',
  'checkout.started',
  'plan.changed',
  'payment.succeeded',
  'payment.failed',
  'member.invited',
  'invite.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'project.ownership_transferred',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the settings tab filters by: a group of actions. */
export const AUDIT_GROUPS = ['keys', 'access_rules', 'project', 'billing', 'members'] as const;

export type AuditGroup = (typeof AUDIT_GROUPS)[number];

interface ActionFacts {
  readonly group: AuditGroup;
  readonly label: string;
}

const ACTION_FACTS: Readonly<Record<AuditAction, ActionFacts>> = {
  'key.created': { group: 'keys', label: 'API key created' },
  'key.renamed': { group: 'keys', label: 'API key renamed' },
  'key.deleted': { group: 'keys', label: 'API key deleted' },
  'key.request_log_switched': { group: 'keys', label: 'Request log switched' },
  'key.rolled': { group: 'keys', label: 'API key rolled' },
  'key.expiry_changed': { group: 'keys', label: 'API key expiry changed' },
  'access_rules.updated': { group: 'access_rules', label: 'Access rules updated' },
  'key_rules.updated': { group: 'access_rules', label: "A key's rules updated" },
  'project.renamed': { group: 'project', label: 'Project renamed' },
  'autoscaling.updated': { group: 'project', label: 'Autoscaling updated' },
  'alerts.updated': { group: 'project', label: 'Usage alerts updated' },
  'checkout.started': { group: 'billing', label: 'Checkout started' },
  'plan.changed': { group: 'billing', label: 'Plan changed' },
  'payment.succeeded': { group: 'billing', label: 'Payment succeeded' },
  'payment.failed': { group: 'billing', label: 'Payment failed' },
  'member.invited': { group: 'members', label: 'Member invited' },
  'invite.revoked': { group: 'members', label: 'Invite revoked' },
  'member.joined': { group: 'members', label: 'Member joined' },
  'member.role_changed': { group: 'members', label: "A member's role changed" },
  'member.removed': { group: 'members', label: 'Member removed' },
  'member.left': { group: 'members', label: 'Member left' },
  'project.ownership_transferred': { group: 'members', label: 'Ownership transferred' },
};

export const AUDIT_GROUP_LABELS: Readonly<Record<AuditGroup, string>> = {
  keys: 'API keys',
  access_rules: 'Access rules',
  project: 'Project',
  billing: 'Plan & billing',
  members: 'Members',
};

export function isAuditAction(value: string): value is AuditAction {
  return AUDIT_ACTIONS.some((action) => action === value);
}

export function auditActionLabel(action: AuditAction): string {
  return ACTION_FACTS[action].label;
}

export function auditGroupOf(action: AuditAction): AuditGroup {
  return ACTION_FACTS[action].group;
}

/** The actions of a group, in the list's order. */
export function actionsOfGroup(group: AuditGroup): AuditAction[] {
  return AUDIT_ACTIONS.filter((action) => ACTION_FACTS[action].group === group);
}

/** Entries are kept a year: the retention job deletes those recorded before this instant. */
export function auditRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  return cutoff;
}

/** A field's value as an entry keeps it: plain JSON, never a secret. */
export type AuditValue = string | number | boolean | null | readonly string[] | readonly number[];

/** One changed field: its value before and after (absent for a thing created or deleted). */
export interface AuditChange {
  readonly before?: AuditValue;
  readonly after?: AuditValue;
}

export type AuditChanges = Readonly<Record<string, AuditChange>>;

function sameValue(a: AuditValue | undefined, b: AuditValue | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose value differs between `before` and `after` (a field missing on one side counts). */
export function changedFields(before: Readonly<Record<string, AuditValue>>, after: Readonly<Record<string, AuditValue>>): AuditChanges {
  const changes: Record<string, AuditChange> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameValue(before[field], after[field])) {
      changes[field] = {
        ...(field in before ? { before: before[field] } : {}),
        ...(field in after ? { after: after[field] } : {}),
      };
    }
  }
  return changes;
}

/** An instant as the server writes it (toISOString): told like the keys screen tells one. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function valueText(value: AuditValue | undefined): string {
  if (value === undefined || value === null) return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.join(', ');
  if (typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatUtcMoment(value);
  return String(value);
}

/** 'name: Key 1 → Prod; percent: 25 → 60' ('name: Prod' for a value set without a before). */
export function describeChanges(changes: AuditChanges): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => {
      if (before === undefined) return `${field}: ${valueText(after)}`;
      if (after === undefined) return `${field}: ${valueText(before)} (removed)`;
      return `${field}: ${valueText(before)} → ${valueText(after)}`;
    })
    .join('; ');
}

/** What an entry is about. */
export const AUDIT_TARGET_TYPES = ['key', 'project', 'checkout', 'subscription', 'member', 'invite'] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export interface AuditTarget {
  readonly type: AuditTargetType;
  readonly id: string;
  readonly name: string | null;
  /** A key's value as /keys masks it (maskKey): never the secret itself. */
  readonly maskedKey?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isAuditValue(value: unknown): value is AuditValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return Array.isArray(value) && (value.every((item) => typeof item === 'string') || value.every((item) => typeof item === 'number'));
}

/** A stored target read back (JSON): null when it is not one. */
export function auditTargetOf(value: unknown): AuditTarget | null {
  if (!isRecord(value)) return null;
  const { type, id, name, maskedKey } = value;
  const knownType = AUDIT_TARGET_TYPES.find((known) => known === type);
  if (knownType === undefined || typeof id !== 'string' || !(typeof name === 'string' || name === null)) return null;
  if (maskedKey !== undefined && typeof maskedKey !== 'string') return null;
  return { type: knownType, id, name, ...(maskedKey === undefined ? {} : { maskedKey }) };
}

/** Stored changes read back (JSON): null when they are not changes. */
export function auditChangesOf(value: unknown): AuditChanges | null {
  if (!isRecord(value)) return null;
  const changes: Record<string, AuditChange> = {};
  for (const [field, change] of Object.entries(value)) {
    if (!isRecord(change)) return null;
    const { before, after } = change;
    if ((before !== undefined && !isAuditValue(before)) || (after !== undefined && !isAuditValue(after))) return null;
    changes[field] = { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
  }
  return changes;
}
