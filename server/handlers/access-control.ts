import { ACCESS_KINDS, accessListProblems, normalizeAccessValue, type AccessValueProblem } from '@/domain/access-control';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { getAccessControl, putAccessControl, type AccessControlUpdate } from '@server/repos/access-control';
import { inProject, type Services } from '@server/handlers/services';
import { changedFields } from '@/domain/audit-log';
import { memberOrigin, recordAudit } from '@server/audit/record';
import { projectTarget } from '@server/audit/targets';
import { lockProject } from '@server/repos/project';
import { badRequest, unauthorized } from '@server/http/errors';

/** 'ips: 300.1.1.1: Please enter a valid IP address' (an empty value has nothing to name). */
export function describeProblem(kind: string, { value, message }: AccessValueProblem): string {
  const shown = value.trim();
  return shown === '' ? `${kind}: ${message}` : `${kind}: ${shown}: ${message}`;
}

/** Every problem of the three lists, with the SPA's rules and messages (src/domain/access-control.ts). */
function accessControlProblems(lists: AccessControlUpdate): string[] {
  return ACCESS_KINDS.flatMap((kind) => accessListProblems(kind, lists[kind]).map((problem) => describeProblem(kind, problem)));
}

function normalized(lists: AccessControlUpdate): AccessControlUpdate {
  return {
    ...lists,
    domains: lists.domains.map((value) => normalizeAccessValue('domains', value)),
    ips: lists.ips.map((value) => normalizeAccessValue('ips', value)),
    cidrs: lists.cidrs.map((value) => normalizeAccessValue('cidrs', value)),
  };
}

/**
 * The allow-lists the gateway enforces for all of the user's keys, and whether calls without an
 * Origin pass Allowed Domains; saving drops the gateway's cached copy (every replica's).
 */
export function createAccessControlHandlers({
  db,
  clock,
  keyCache,
}: Services): Pick<OperationHandlers, 'getAccessControl' | 'putAccessControl'> {
  return {
    getAccessControl: async (input) => ({ status: 200, body: await getAccessControl(db, inProject(input).projectId) }),

    /**
     * 400 listing every refused value ('{list}: {value}: {message}'); nothing is saved then. A save
     * that changes something is recorded in the audit log with the lists before and after.
     */
    putAccessControl: async (input) => {
      const auth = inProject(input);
      const { projectId: userId } = auth;
      const problems = accessControlProblems(input.body);
      if (problems.length > 0) throw badRequest(problems);
      const stored = await db.transaction(async (tx) => {
        const project = await lockProject(tx, userId);
        if (project === undefined) throw unauthorized('the account no longer exists');
        const before = await getAccessControl(tx, userId);
        const after = await putAccessControl(tx, userId, normalized(input.body));
        const changes = changedFields(before, after);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, memberOrigin(auth, input.request, clock), {
            action: 'access_rules.updated',
            target: projectTarget(userId, project.name),
            changes,
          });
        }
        return after;
      });
      keyCache.invalidateUser(userId);
      return { status: 200, body: stored };
    },
  };
}
