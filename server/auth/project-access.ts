import type { FastifyRequest } from 'fastify';
import { projectNumberOf } from '@/domain/project-settings';
import { NOT_A_MEMBER, OPERATION_ACCESS, roleMay, roleRefusal, type Access, type ClassifiedOperation } from '@/domain/roles';
import type { SessionAuth } from '@server/auth/session-auth';
import type { Queryable } from '@server/db/db';
import { badRequest, forbidden } from '@server/http/errors';
import type { OperationId } from '@server/openapi/handler-types';
import { defaultMembership, findMembership, type Membership } from '@server/repos/members';

/** Every operation of the contract is classified in src/domain/roles.ts, and nothing else is: either way this does not compile. */
type Unclassified = Exclude<OperationId, ClassifiedOperation>;
type NotInContract = Exclude<ClassifiedOperation, OperationId>;
const everyOperationClassified: [Unclassified, NotInContract] extends [never, never] ? true : never = true;
export const operationAccess: Readonly<Record<OperationId, Access>> = everyOperationClassified && OPERATION_ACCESS;

/** The request header that names the project a request acts on (a project ID, 'prj_00000042'). */
export const projectHeader = 'x-project';

export { NOT_A_MEMBER };
export const NO_PROJECT = 'You are not a member of any project.';
export const BAD_PROJECT_HEADER = "The X-Project header must be a project ID such as 'prj_00000042'.";

/**
 * The acting project: the one X-Project names, where the user is a member (403 otherwise, 400 for
 * a header that is not a project ID); without the header, their own project while they are a
 * member of it, else the first they joined.
 */
export async function actingProject(db: Queryable, userId: number, header: string | string[] | undefined): Promise<Membership> {
  if (header === undefined || header === '') {
    const membership = await defaultMembership(db, userId);
    if (membership === null) throw forbidden(NO_PROJECT);
    return membership;
  }
  const projectId = typeof header === 'string' ? projectNumberOf(header.trim()) : null;
  if (projectId === null) throw badRequest(BAD_PROJECT_HEADER);
  const membership = await findMembership(db, projectId, userId);
  if (membership === null) throw forbidden(NOT_A_MEMBER);
  return membership;
}

/**
 * The session's project and role for an operation: none for the user's own operations, else the
 * acting project, refused with 403 and the role's own text where the role may not call it.
 */
export async function authorize(
  db: Queryable,
  request: FastifyRequest,
  session: SessionAuth,
  operationId: OperationId,
): Promise<SessionAuth> {
  const access = operationAccess[operationId];
  if (typeof access === 'string') return session;
  const project = await actingProject(db, session.userId, request.headers[projectHeader]);
  if (!roleMay(project.role, operationId)) throw forbidden(roleRefusal(project.role));
  return { ...session, project };
}
