import type { Client } from 'openapi-fetch';
import { api, bodyOf } from '@/api/client';
import type { components, paths } from '@/api/schema';
import type { MembersChange } from '@/domain/member-actions';

// The shape the members machine declares for its actors (src/api does not import machines; `provide` checks it).
type ProjectMembers = components['schemas']['ProjectMembers'];

/** The acting project's members calls (the client sends the project picked as X-Project). */
export function createMemberCalls(client: Client<paths>) {
  return {
    async listMembers(signal?: AbortSignal): Promise<ProjectMembers> {
      return bodyOf(await client.GET('/projects/current/members', { signal }));
    },

    /** One change; resolves once the server took it (the card then reads the members again). */
    async changeMembers(change: MembersChange, signal?: AbortSignal): Promise<void> {
      switch (change.kind) {
        case 'invite':
          await client.POST('/projects/current/invites', { body: { email: change.email.trim(), role: change.role }, signal });
          return;
        case 'revoke':
          await client.DELETE('/projects/current/invites/{id}', { params: { path: { id: change.inviteId } }, signal });
          return;
        case 'role':
          await client.PATCH('/projects/current/members/{userId}', {
            params: { path: { userId: change.userId } },
            body: { role: change.role },
            signal,
          });
          return;
        case 'remove':
          await client.DELETE('/projects/current/members/{userId}', { params: { path: { userId: change.userId } }, signal });
          return;
        case 'transfer':
          await client.POST('/projects/current/owner', { body: { userId: change.userId }, signal });
          return;
        case 'leave':
          await client.DELETE('/projects/current/membership', { signal });
          return;
      }
    },
  };
}

export const memberCalls = createMemberCalls(api);
