import type { components } from '@/api/schema';
import type { Queryable } from '@server/db/db';

/** The project's autoscaling settings as stored (disabled at 25 % until saved). */
export type AutoscalingSettings = components['schemas']['Autoscaling'];

/** What the project stores: its name (null while it has the default one) and its autoscaling. */
export interface StoredProject {
  name: string | null;
  autoscaling: AutoscalingSettings;
}

interface ProjectRow {
  project_name: string | null;
  autoscaling_enabled: boolean;
  autoscaling_percent: number;
}

const PROJECT_COLUMNS = 'project_name, autoscaling_enabled, autoscaling_percent';

function storedProject(row: ProjectRow): StoredProject {
  return { name: row.project_name, autoscaling: { enabled: row.autoscaling_enabled, percent: row.autoscaling_percent } };
}

/** The project as stored; undefined when the account no longer exists. */
export async function getProject(q: Queryable, userId: number): Promise<StoredProject | undefined> {
  const { rows } = await q.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM users WHERE id = $1`, [userId]);
  const row = rows[0];
  return row === undefined ? undefined : storedProject(row);
}

/**
 * The project as stored, its row locked until the transaction `tx` ends: a change reads what it
 * replaces (for the audit log) with no other change of the project in between. Undefined when the
 * account no longer exists.
 */
export async function lockProject(tx: Queryable, userId: number): Promise<StoredProject | undefined> {
  const { rows } = await tx.query<ProjectRow>(`SELECT ${PROJECT_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  const row = rows[0];
  return row === undefined ? undefined : storedProject(row);
}

/** Stores the name (the caller trimmed and checked it); undefined when the account no longer exists. */
export async function setProjectName(q: Queryable, userId: number, name: string): Promise<StoredProject | undefined> {
  const { rows } = await q.query<ProjectRow>(`UPDATE users SET project_name = $2 WHERE id = $1 RETURNING ${PROJECT_COLUMNS}`, [
    userId,
    name,
  ]);
  const row = rows[0];
  return row === undefined ? undefined : storedProject(row);
}

/** Stores the autoscaling settings (the caller checked them and the plan); undefined when the account no longer exists. */
export async function setAutoscaling(
  q: Queryable,
  userId: number,
  settings: AutoscalingSettings,
): Promise<AutoscalingSettings | undefined> {
  const { rows } = await q.query<ProjectRow>(
    `UPDATE users SET autoscaling_enabled = $2, autoscaling_percent = $3 WHERE id = $1 RETURNING ${PROJECT_COLUMNS}`,
    [userId, settings.enabled, settings.percent],
  );
  const row = rows[0];
  return row === undefined ? undefined : storedProject(row).autoscaling;
}
