import { AUTOSCALING_FREE_TEXT } from '@/domain/autoscaling';
import { DEFAULT_PROJECT_NAME, normalizeProjectName, projectIdFor, projectNameProblem } from '@/domain/project-settings';
import { badRequest, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { requireEntitlement } from '@server/handlers/entitlement';
import { getProject, setAutoscaling, setProjectName, type StoredProject } from '@server/repos/project';
import { signedIn, type Services } from '@server/handlers/services';

/** The project as GET and PATCH /project answer it: always the signed-in user's own, never another's. */
function project(userId: number, stored: StoredProject | undefined) {
  if (stored === undefined) throw unauthorized('the account no longer exists');
  return { id: projectIdFor(userId), name: stored.name ?? DEFAULT_PROJECT_NAME, autoscaling: stored.autoscaling };
}

/**
 * The account's one project (SPEC.md "Settings (demo)"): its ID comes from the user's, its name and
 * autoscaling settings are stored.
 */
export function createProjectHandlers({ db }: Services): Pick<OperationHandlers, 'getProject' | 'renameProject' | 'putAutoscaling'> {
  return {
    getProject: async (input) => {
      const { userId } = signedIn(input);
      return { status: 200, body: project(userId, await getProject(db, userId)) };
    },

    /** 400 with the SPA's own text (src/domain/project-settings.ts) for a blank, too long or hidden-character name. */
    renameProject: async (input) => {
      const { userId } = signedIn(input);
      const problem = projectNameProblem(input.body.name);
      if (problem !== null) throw badRequest(problem);
      const name = normalizeProjectName(input.body.name);
      return { status: 200, body: project(userId, await setProjectName(db, userId, name)) };
    },

    /**
     * The percentage is an integer 0-100 by the contract's schema (400 otherwise); enabling on a
     * free plan is refused with 403 (SPEC.md §6), the card's own text. Saving it disabled is
     * accepted on any plan.
     */
    putAutoscaling: async (input) => {
      const { userId } = signedIn(input);
      if (input.body.enabled) await requireEntitlement(db, userId, 'autoscaling', AUTOSCALING_FREE_TEXT);
      const stored = await setAutoscaling(db, userId, input.body);
      if (stored === undefined) throw unauthorized('the account no longer exists');
      return { status: 200, body: stored };
    },
  };
}
