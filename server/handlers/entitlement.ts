import { isPaid } from '@/domain/plan-rank';
import type { Queryable } from '@server/db/db';
import { forbidden, unauthorized } from '@server/http/errors';
import { findPlan } from '@server/repos/plans';
import { findUserById } from '@server/repos/users';

/** Throws 403 with `message` unless the user is on a paid plan (SPEC.md §6: RPC metrics need one). */
export async function requirePaidPlan(q: Queryable, userId: number, message: string): Promise<void> {
  const user = await findUserById(q, userId);
  if (user === null) throw unauthorized('the account no longer exists');
  const plan = await findPlan(q, user.planId);
  if (!isPaid(plan?.name)) throw forbidden(message);
}
