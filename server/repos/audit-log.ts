import { auditChangesOf, auditTargetOf, isAuditAction, type AuditAction, type AuditChanges, type AuditTarget } from '@/domain/audit-log';
import type { Queryable } from '@server/db/db';
import { fromBigint, type BigintColumn } from '@server/repos/columns';
import type { PageCursor } from '@server/http/page-cursor';

/** Who made a change: a member (their e-mail is read when the entry is written), or the system. */
export type AuditActor = { readonly type: 'user'; readonly userId: number } | { readonly type: 'system' };

/** An entry as written (018_audit_log.sql); the address already masked. */
export interface AuditRow {
  readonly projectId: number;
  readonly actor: AuditActor;
  readonly at: Date;
  readonly clientAddress: string | null;
  readonly action: AuditAction;
  readonly target: AuditTarget;
  readonly changes: AuditChanges;
}

/** An entry as listed: its id (with `at`, the cursor of the page after it) and the actor's e-mail at the time. */
export interface ListedAuditEntry extends Omit<AuditRow, 'actor'> {
  readonly id: number;
  readonly actor: { readonly type: 'user' | 'system'; readonly email: string | null };
}

/** Appends one entry; a member's e-mail is copied from their account in the same statement. */
export async function insertAuditEntry(q: Queryable, entry: AuditRow): Promise<void> {
  const userId = entry.actor.type === 'user' ? entry.actor.userId : null;
  await q.query(
    `INSERT INTO audit_log (project_id, actor_type, actor_user_id, actor_email, at, client_address, action, target, changes)
     VALUES ($1, $2, $3, (SELECT email FROM users WHERE id = $3), $4, $5, $6, $7::jsonb, $8::jsonb)`,
    [
      entry.projectId,
      entry.actor.type,
      userId,
      entry.at,
      entry.clientAddress,
      entry.action,
      JSON.stringify(entry.target),
      JSON.stringify(entry.changes),
    ],
  );
}

export interface AuditLogQuery {
  readonly projectId: number;
  /** Rows after this one, newest first (the previous page's end); null for the newest. */
  readonly after: PageCursor | null;
  /** Only these actions; null for all. */
  readonly actions: readonly AuditAction[] | null;
  /** 'system', or a member's e-mail (case-insensitive); null for anyone. */
  readonly actor: string | null;
  /** From this instant (inclusive) to that one (exclusive); null for no bound. */
  readonly from: Date | null;
  readonly to: Date | null;
  readonly limit: number;
}

interface AuditLogRow {
  id: BigintColumn;
  project_id: number;
  actor_type: 'user' | 'system';
  actor_email: string | null;
  at: Date;
  client_address: string | null;
  action: string;
  target: unknown;
  changes: unknown;
}

function listed(row: AuditLogRow): ListedAuditEntry {
  const target = auditTargetOf(row.target);
  const changes = auditChangesOf(row.changes);
  if (!isAuditAction(row.action) || target === null || changes === null) {
    throw new Error(`audit_log row ${String(row.id)} does not hold a known action, target and changes`);
  }
  return {
    id: fromBigint(row.id),
    projectId: row.project_id,
    actor: { type: row.actor_type, email: row.actor_email },
    at: new Date(row.at),
    clientAddress: row.client_address,
    action: row.action,
    target,
    changes,
  };
}

/** One page of a project's entries, newest first. */
export async function listAuditLog(q: Queryable, query: AuditLogQuery): Promise<ListedAuditEntry[]> {
  const { rows } = await q.query<AuditLogRow>(
    `SELECT id, project_id, actor_type, actor_email, at, client_address, action, target, changes FROM audit_log
     WHERE project_id = $1 AND ($2::timestamptz IS NULL OR (at, id) < ($2, $3::bigint))
       AND ($4::text[] IS NULL OR action = ANY($4))
       AND ($5::text IS NULL OR ($5 = 'system' AND actor_type = 'system') OR lower(actor_email) = lower($5))
       AND ($6::timestamptz IS NULL OR at >= $6) AND ($7::timestamptz IS NULL OR at < $7)
     ORDER BY at DESC, id DESC LIMIT $8`,
    [query.projectId, query.after?.at ?? null, query.after?.id ?? null, query.actions, query.actor, query.from, query.to, query.limit],
  );
  return rows.map(listed);
}

/**
 * Deletes the entries recorded before `before` (the retention job); returns how many. The table's
 * trigger lets a delete through only for rows older than the cut-off declared in the same
 * transaction, so `q` must be a transaction.
 */
export async function deleteOldAuditLog(q: Queryable, before: Date): Promise<number> {
  await q.query("SELECT set_config('audit_log.retain_before', $1, true)", [before.toISOString()]);
  const { rows } = await q.query<{ deleted: BigintColumn }>(
    'WITH gone AS (DELETE FROM audit_log WHERE at < $1 RETURNING 1) SELECT count(*) AS deleted FROM gone',
    [before],
  );
  return fromBigint(rows[0]?.deleted ?? 0);
}
