import type { Client } from 'openapi-fetch';
import { api, bodyOf } from '@/api/client';
import type { components, paths } from '@/api/schema';

type ProjectMembership = components['schemas']['ProjectMembership'];

/** The calls about the projects a user belongs to (their machines turn failures into texts). */
export function createProjectCalls(client: Client<paths>) {
  return {
    /** GET /projects: the user's projects with their role in each, their own first. */
    async listProjects(signal?: AbortSignal): Promise<readonly ProjectMembership[]> {
      return bodyOf(await client.GET('/projects', { signal }));
    },
  };
}

export const projectCalls = createProjectCalls(api);
