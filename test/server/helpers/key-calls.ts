import type { FastifyInstance } from 'fastify';
import type { components } from '@/api/schema';
import type { PlanName } from '@/domain/plan-catalog';
import { findPlanByName } from '@server/repos/plans';
import { findUserByEmail, setUserPlan } from '@server/repos/users';
import { bearer } from './accounts';

export type ApiKey = components['schemas']['ApiKey'];
export type ApiUser = components['schemas']['User'];

/** The keys operations of one signed-in user, through the real routes. */
export function keyCalls(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  return {
    list: async (): Promise<ApiKey[]> => (await app.inject({ method: 'GET', url: '/api/apiKeys', headers })).json(),
    me: async (): Promise<ApiUser> => (await app.inject({ method: 'GET', url: '/api/users/me', headers })).json(),
    create: (payload?: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/apiKeys', headers, ...(payload ? { payload } : {}) }),
    rename: (id: number | string, name: string) => app.inject({ method: 'PATCH', url: `/api/apiKeys/${id}`, headers, payload: { name } }),
    remove: (id: number | string) => app.inject({ method: 'DELETE', url: `/api/apiKeys/${id}`, headers }),
  };
}

/** What `npm run admin -- set-plan` does, through the same repositories. */
export async function setPlan(app: FastifyInstance, email: string, planName: PlanName): Promise<void> {
  const [user, plan] = await Promise.all([findUserByEmail(app.db, email), findPlanByName(app.db, planName)]);
  if (user === null || plan === null) throw new Error(`no user ${email} or no plan ${planName}`);
  await setUserPlan(app.db, user.id, { planId: plan.id, frequency: 'MONTHLY', now: new Date() });
}
