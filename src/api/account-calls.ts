import { $api } from '@/api/query-hooks';

/** Where GET /users/me keeps its answer: a change of the user's plan or keys refreshes it there. */
export const meQueryKey = $api.queryOptions('get', '/users/me').queryKey;

/** GET /users/me: the signed-in user (name, e-mail, plan), shared by every screen that shows it. */
export function useMe() {
  return $api.useQuery('get', '/users/me');
}

/** Where GET /project keeps its answer, so a save can put the stored name there. */
export const projectQueryKey = $api.queryOptions('get', '/project').queryKey;

/** GET /project: the signed-in user's one project (its name and autoscaling). */
export function useProject() {
  return $api.useQuery('get', '/project');
}
