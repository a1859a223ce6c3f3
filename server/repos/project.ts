import type { Queryable } from '@server/db/db';

/**
 * The project's name as its owner stored it: null while it has the default name, undefined when
 * the account no longer exists.
 */
export async function getProjectName(q: Queryable, userId: number): Promise<string | null | undefined> {
  const { rows } = await q.query<{ project_name: string | null }>('SELECT project_name FROM users WHERE id = $1', [userId]);
  return rows[0]?.project_name;
}

/** Stores the name (the caller trimmed and checked it); false when the account no longer exists. */
export async function setProjectName(q: Queryable, userId: number, name: string): Promise<boolean> {
  const { rows } = await q.query<{ id: number }>('UPDATE users SET project_name = $2 WHERE id = $1 RETURNING id', [userId, name]);
  return rows.length > 0;
}
