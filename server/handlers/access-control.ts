import { ACCESS_KINDS, accessListProblems, normalizeAccessValue, type AccessValueProblem } from '@/domain/access-control';
import { badRequest } from '@server/http/errors';
import type { OperationHandlers } from '@server/openapi/handler-types';
import { getAccessControl, putAccessControl, type AccessControlUpdate } from '@server/repos/access-control';
import { signedIn, type Services } from '@server/handlers/services';

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
export function createAccessControlHandlers({ db, keyCache }: Services): Pick<OperationHandlers, 'getAccessControl' | 'putAccessControl'> {
  return {
    getAccessControl: async (input) => ({ status: 200, body: await getAccessControl(db, signedIn(input).userId) }),

    /** 400 listing every refused value ('{list}: {value}: {message}'); nothing is saved then. */
    putAccessControl: async (input) => {
      const { userId } = signedIn(input);
      const problems = accessControlProblems(input.body);
      if (problems.length > 0) throw badRequest(problems);
      const stored = await putAccessControl(db, userId, normalized(input.body));
      keyCache.invalidateUser(userId);
      return { status: 200, body: stored };
    },
  };
}
