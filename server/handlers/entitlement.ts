import { catalogPlan, type Entitlement } from '@/domain/plan-catalog';
import type { Queryable } from '@server/db/db';
import { forbidden, unauthorized } from '@server/http/errors';
import { findUserById } from '@server/repos/users';

/** Throws 403 with `message` unless the user's plan unlocks `entitlement` (SPEC.md §6: RPC metrics need a paid plan, and so on). */
export async function requireEntitlement(q: Queryable, userId: number, entitlement: Entitlement, message: string): Promise<void> {
  const user = await findUserById(q, userId);
  if (user === null) throw unauthorized('the account no longer exists');
  if (!catalogPlan(user.planId).entitlements[entitlement]) throw forbidden(message);
}
