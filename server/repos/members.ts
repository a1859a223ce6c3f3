import type { Queryable } from '@server/db/db';
import { isRole, type InvitableRole, type Role } from '@/domain/roles';

/** A user's place in a project. */
export interface Membership {
  readonly projectId: number;
  readonly role: Role;
}

interface MembershipRow {
  project_id: number;
  role: string;
}

function toRole(value: string): Role {
  if (!isRole(value)) throw new Error(`project_members holds an unknown role: ${value}`);
  return value;
}

function toMembership(row: MembershipRow): Membership {
  return { projectId: row.project_id, role: toRole(row.role) };
}

/** The user's role in that project; null when they are not a member. */
export async function findMembership(q: Queryable, projectId: number, userId: number): Promise<Membership | null> {
  const { rows } = await q.query<MembershipRow>('SELECT project_id, role FROM project_members WHERE project_id = $1 AND user_id = $2', [
    projectId,
    userId,
  ]);
  return rows[0] === undefined ? null : toMembership(rows[0]);
}

/** The project a request without X-Project acts on: the user's own while they are a member of it, else the one they joined first. */
export async function defaultMembership(q: Queryable, userId: number): Promise<Membership | null> {
  const { rows } = await q.query<MembershipRow>(
    `SELECT project_id, role FROM project_members WHERE user_id = $1
     ORDER BY (project_id = $1) DESC, joined_at, project_id LIMIT 1`,
    [userId],
  );
  return rows[0] === undefined ? null : toMembership(rows[0]);
}

/** The projects of the user menu: own first, then by when they were joined. */
export async function listMemberships(q: Queryable, userId: number): Promise<Array<Membership & { readonly name: string | null }>> {
  const { rows } = await q.query<MembershipRow & { project_name: string | null }>(
    `SELECT m.project_id, m.role, u.project_name FROM project_members m JOIN users u ON u.id = m.project_id
     WHERE m.user_id = $1 ORDER BY (m.project_id = $1) DESC, m.joined_at, m.project_id`,
    [userId],
  );
  return rows.map((row) => ({ ...toMembership(row), name: row.project_name }));
}

export interface MemberRecord {
  readonly userId: number;
  readonly email: string;
  readonly role: Role;
  readonly joinedAt: Date;
}

/** The project's members, the owner first, then by when they joined. */
export async function listMembers(q: Queryable, projectId: number): Promise<MemberRecord[]> {
  const { rows } = await q.query<{ user_id: number; email: string; role: string; joined_at: Date }>(
    `SELECT m.user_id, u.email, m.role, m.joined_at FROM project_members m JOIN users u ON u.id = m.user_id
     WHERE m.project_id = $1 ORDER BY (m.role = 'owner') DESC, m.joined_at, m.user_id`,
    [projectId],
  );
  return rows.map((row) => ({ userId: row.user_id, email: row.email, role: toRole(row.role), joinedAt: row.joined_at }));
}

/** Adds the user to the project with that role; false when they already were a member (nothing changes then). */
export async function insertMember(
  q: Queryable,
  member: { projectId: number; userId: number; role: InvitableRole; now: Date },
): Promise<boolean> {
  const { rows } = await q.query(
    `INSERT INTO project_members (project_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, user_id) DO NOTHING RETURNING user_id`,
    [member.projectId, member.userId, member.role, member.now],
  );
  return rows.length > 0;
}

/** Sets a member's role; the role it had, or null when they are not a member. */
export async function setMemberRole(q: Queryable, projectId: number, userId: number, role: Role): Promise<Role | null> {
  const { rows } = await q.query<{ role: string }>(
    `UPDATE project_members m SET role = $3 FROM project_members old
     WHERE m.project_id = $1 AND m.user_id = $2 AND old.project_id = m.project_id AND old.user_id = m.user_id
     RETURNING old.role`,
    [projectId, userId, role],
  );
  return rows[0] === undefined ? null : toRole(rows[0].role);
}

/** Removes a member; the role they had, or null when they were not one. */
export async function deleteMember(q: Queryable, projectId: number, userId: number): Promise<Role | null> {
  const { rows } = await q.query<{ role: string }>('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2 RETURNING role', [
    projectId,
    userId,
  ]);
  return rows[0] === undefined ? null : toRole(rows[0].role);
}

/** Members besides the owner: what the plan's invites are spent on. */
export async function countNonOwners(q: Queryable, projectId: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM project_members WHERE project_id = $1 AND role <> 'owner'",
    [projectId],
  );
  return rows[0]?.n ?? 0;
}
