import { AUTOSCALING_FREE_TEXT } from '@/domain/autoscaling';
import { DEFAULT_PROJECT_NAME, normalizeProjectName, projectIdFor, projectNameProblem } from '@/domain/project-settings';
import { badRequest, unauthorized } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { requireEntitlement } from '@server/handlers/entitlement';
import { getProject, lockProject, setAutoscaling, setProjectName, type StoredProject } from '@server/repos/project';
import { changedFields } from '@/domain/audit-log';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { projectTarget } from '@server/audit/targets';
import { inProject, type Services } from '@server/handlers/services';

/** The project as GET and PATCH /project answer it: the acting one (X-Project, or the user's own), of which the user is a member. */
function project(projectId: number, stored: StoredProject | undefined) {
  if (stored === undefined) throw unauthorized('the account no longer exists');
  return { id: projectIdFor(projectId), name: stored.name ?? DEFAULT_PROJECT_NAME, autoscaling: stored.autoscaling };
}

/**
 * The acting project (SPEC.md "Settings (demo)"): its ID comes from its owner's account (the user
 * who created it), its name and autoscaling settings are stored.
 */
export function createProjectHandlers({ db, clock }: Services): Pick<OperationHandlers, 'getProject' | 'renameProject' | 'putAutoscaling'> {
  return {
    getProject: async (input) => {
      const { projectId } = inProject(input);
      return { status: 200, body: project(projectId, await getProject(db, projectId)) };
    },

    /** 400 with the SPA's own text (src/domain/project-settings.ts) for a blank, too long or hidden-character name. */
    renameProject: async (input) => {
      const auth = inProject(input);
      const { projectId } = auth;
      const problem = projectNameProblem(input.body.name);
      if (problem !== null) throw badRequest(problem);
      const name = normalizeProjectName(input.body.name);
      const stored = await db.transaction(async (tx) => {
        const before = project(projectId, await lockProject(tx, projectId));
        const after = project(projectId, await setProjectName(tx, projectId, name));
        if (before.name !== after.name) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'project.renamed',
            target: projectTarget(projectId, after.name),
            changes: { name: { before: before.name, after: after.name } },
          });
        }
        return after;
      });
      return { status: 200, body: stored };
    },

    /**
     * The percentage is an integer 0-100 by the contract's schema (400 otherwise); enabling on a
     * free plan is refused with 403 (SPEC.md §6), the card's own text. Saving it disabled is
     * accepted on any plan.
     */
    putAutoscaling: async (input) => {
      const auth = inProject(input);
      const { projectId } = auth;
      if (input.body.enabled) await requireEntitlement(db, projectId, 'autoscaling', AUTOSCALING_FREE_TEXT);
      const stored = await db.transaction(async (tx) => {
        const before = await lockProject(tx, projectId);
        const after = await setAutoscaling(tx, projectId, input.body);
        if (before === undefined || after === undefined) throw unauthorized('the account no longer exists');
        const changes = changedFields(before.autoscaling, after);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'autoscaling.updated',
            target: projectTarget(projectId, before.name),
            changes,
          });
        }
        return after;
      });
      return { status: 200, body: stored };
    },
  };
}
