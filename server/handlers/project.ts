import { DEFAULT_PROJECT_NAME, normalizeProjectName, projectIdFor, projectNameProblem } from '@/domain/project-settings';
import { badRequest, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { getProjectName, setProjectName } from '@server/repos/project';
import { signedIn, type Services } from '@server/handlers/services';

/** The project as GET and PATCH /project answer it: always the signed-in user's own, never another's. */
function project(userId: number, storedName: string | null) {
  return { id: projectIdFor(userId), name: storedName ?? DEFAULT_PROJECT_NAME };
}

/** The account's one project (SPEC.md "Settings (demo)"): its ID comes from the user's, its name is stored. */
export function createProjectHandlers({ db }: Services): Pick<OperationHandlers, 'getProject' | 'renameProject'> {
  return {
    getProject: async (input) => {
      const { userId } = signedIn(input);
      const name = await getProjectName(db, userId);
      if (name === undefined) throw unauthorized('the account no longer exists');
      return { status: 200, body: project(userId, name) };
    },

    /** 400 with the SPA's own text (src/domain/project-settings.ts) for a blank or too long name. */
    renameProject: async (input) => {
      const { userId } = signedIn(input);
      const problem = projectNameProblem(input.body.name);
      if (problem !== null) throw badRequest(problem);
      const name = normalizeProjectName(input.body.name);
      if (!(await setProjectName(db, userId, name))) throw unauthorized('the account no longer exists');
      return { status: 200, body: project(userId, name) };
    },
  };
}
