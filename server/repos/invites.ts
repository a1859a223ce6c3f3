import type { Queryable } from '@server/db/db';
import { isInvitableRole, type InvitableRole } from '@/domain/roles';

export interface InviteRecord {
  readonly id: number;
  readonly projectId: number;
  readonly email: string;
  readonly role: InvitableRole;
  readonly createdBy: number | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly acceptedAt: Date | null;
  readonly revokedAt: Date | null;
}

interface InviteRow {
  id: number;
  project_id: number;
  email: string;
  role: string;
  created_by: number | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const columns = 'id, project_id, email, role, created_by, created_at, expires_at, accepted_at, revoked_at';

function toRecord(row: InviteRow): InviteRecord {
  if (!isInvitableRole(row.role)) throw new Error(`project_invites ${row.id} holds a role an invite cannot give: ${row.role}`);
  return {
    id: row.id,
    projectId: row.project_id,
    email: row.email,
    role: row.role,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    acceptedAt: row.accepted_at,
    revokedAt: row.revoked_at,
  };
}

/** Whether the invite can still be accepted at `now`. */
export function isOpenInvite(invite: InviteRecord, now: Date): boolean {
  return invite.acceptedAt === null && invite.revokedAt === null && invite.expiresAt.getTime() > now.getTime();
}

export async function insertInvite(
  q: Queryable,
  invite: { projectId: number; email: string; role: InvitableRole; tokenHash: string; createdBy: number; now: Date; expiresAt: Date },
): Promise<InviteRecord> {
  const { rows } = await q.query<InviteRow>(
    `INSERT INTO project_invites (project_id, email, role, token_hash, created_by, created_at, expires_at)
     VALUES ($1, lower($2), $3, $4, $5, $6, $7) RETURNING ${columns}`,
    [invite.projectId, invite.email, invite.role, invite.tokenHash, invite.createdBy, invite.now, invite.expiresAt],
  );
  const row = rows[0];
  if (row === undefined) throw new Error('INSERT INTO project_invites returned no row');
  return toRecord(row);
}

/** The project's invites still pending at `now`, oldest first. */
export async function listOpenInvites(q: Queryable, projectId: number, now: Date): Promise<InviteRecord[]> {
  const { rows } = await q.query<InviteRow>(
    `SELECT ${columns} FROM project_invites
     WHERE project_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 ORDER BY created_at, id`,
    [projectId, now],
  );
  return rows.map(toRecord);
}

/** The invite of that token hash, in any state; `lock`: its row stays locked until the transaction ends. */
export async function findInviteByTokenHash(q: Queryable, tokenHash: string, lock = false): Promise<InviteRecord | null> {
  const { rows } = await q.query<InviteRow>(`SELECT ${columns} FROM project_invites WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [
    tokenHash,
  ]);
  return rows[0] === undefined ? null : toRecord(rows[0]);
}

export async function markInviteAccepted(q: Queryable, inviteId: number, userId: number, now: Date): Promise<void> {
  await q.query('UPDATE project_invites SET accepted_at = $2, accepted_by = $3 WHERE id = $1', [inviteId, now, userId]);
}

/** Revokes a pending invite of the project; the invite, or null when it has none of that id still pending. */
export async function revokeInvite(q: Queryable, projectId: number, inviteId: number, now: Date): Promise<InviteRecord | null> {
  const { rows } = await q.query<InviteRow>(
    `UPDATE project_invites SET revoked_at = $3
     WHERE id = $1 AND project_id = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3 RETURNING ${columns}`,
    [inviteId, projectId, now],
  );
  return rows[0] === undefined ? null : toRecord(rows[0]);
}

/** Ends the project's pending invites to that address (a new invite or a join replaces them). */
export async function revokeInvitesTo(q: Queryable, projectId: number, email: string, now: Date): Promise<void> {
  await q.query(
    'UPDATE project_invites SET revoked_at = $3 WHERE project_id = $1 AND email = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL',
    [projectId, email, now],
  );
}
