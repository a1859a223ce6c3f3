import { unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { billingFrequencies, catalogPlan } from '@/domain/plan-catalog';
import { findPlan, listPlans, toApiPlan } from '@server/repos/plans';
import { findUserById } from '@server/repos/users';
import { inProject, type Services } from '@server/handlers/services';

export function createPlanHandlers({ db }: Services): Pick<OperationHandlers, 'listPlans' | 'getUserPlan'> {
  return {
    /** Each plan once per billing frequency: all monthly in plan order, then all yearly. */
    listPlans: async () => {
      const plans = await listPlans(db);
      return { status: 200, body: billingFrequencies.flatMap((frequency) => plans.map((plan) => toApiPlan(plan, frequency))) };
    },
    getUserPlan: async (input) => {
      const user = await findUserById(db, inProject(input).projectId);
      if (user === null) throw unauthorized('the account no longer exists');
      const plan = await findPlan(db, user.planId);
      if (plan === null) throw new Error(`User ${user.id} is on plan ${user.planId}, which is not in the plans table`);
      return { status: 200, body: { ...toApiPlan(plan, user.billingFrequency), entitlements: catalogPlan(plan.id).entitlements } };
    },
  };
}
