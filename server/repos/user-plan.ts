import type { Queryable } from '@server/db/db';
import { parseBillingFrequency } from '@/domain/plan-catalog';
import { nextPlan, type CurrentPlan, type PlanCause } from '@/domain/plan-move';
import { changedFields } from '@/domain/audit-log';
import { recordAudit, systemOrigin } from '@server/audit/record';
import { projectTarget } from '@server/audit/targets';

interface LockedPlanRow {
  plan_id: number;
  billing_frequency: string;
  plan_name: string | null;
  project_name: string | null;
}

/** The user's plan, with the row locked until the transaction ends; null when there is no such user. */
async function lockCurrentPlan(tx: Queryable, userId: number): Promise<(CurrentPlan & { projectName: string | null }) | null> {
  const { rows } = await tx.query<LockedPlanRow>(
    `SELECT u.plan_id, u.billing_frequency, p.name AS plan_name, u.project_name
     FROM users u LEFT JOIN plans p ON p.id = u.plan_id WHERE u.id = $1 FOR UPDATE OF u`,
    [userId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const frequency = parseBillingFrequency(row.billing_frequency);
  if (frequency === null) throw new Error(`User ${userId} has an unknown billing frequency`);
  return { planId: row.plan_id, frequency, planName: row.plan_name, projectName: row.project_name };
}

/**
 * The one place a user's plan is written (lint/plan-column.grit keeps it so). Applies `nextPlan`
 * to `cause` inside the caller's transaction, with the user's row locked from the read to the
 * write: two events (or an event and the sweep, or the admin command) for one user apply one after
 * the other, each on the plan the other left. A moved plan starts a new quota cycle at
 * `cycleStart` with nothing used, and the move is recorded in the audit log as the system's, at
 * `now` (the app clock). True when the plan changed (the gateway's key cache must then drop the
 * user's keys).
 */
export async function moveUserPlan(tx: Queryable, userId: number, cause: PlanCause, cycleStart: Date, now: Date): Promise<boolean> {
  const current = await lockCurrentPlan(tx, userId);
  if (current === null) return false;
  const target = nextPlan(current, cause);
  if (target === null) return false;
  const { rows } = await tx.query<{ plan_name: string | null }>(
    `UPDATE users SET plan_id = $2, billing_frequency = $3, credits_used = 0, cycle_start = $4 WHERE id = $1
     RETURNING (SELECT name FROM plans WHERE id = $2) AS plan_name`,
    [userId, target.planId, target.frequency, cycleStart],
  );
  await recordAudit(tx, systemOrigin(userId, now), {
    action: 'plan.changed',
    target: projectTarget(userId, current.projectName),
    changes: {
      ...changedFields(
        { plan: current.planName, frequency: current.frequency },
        { plan: rows[0]?.plan_name ?? null, frequency: target.frequency },
      ),
      cause: { after: cause.kind },
    },
  });
  return true;
}
