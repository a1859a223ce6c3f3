import type { Client } from 'openapi-fetch';
import { api, bodyOf } from '@/api/client';
import type { components, paths } from '@/api/schema';

// Shapes the members machine declares for its actors (src/api does not import machines; `provide` checks them).
type ProjectMembers = components['schemas']['ProjectMembers'];
type InvitableRole = components['schemas']['InvitableRole'];
type MembersChange =
  | { kind: 'invite'; email: string; role: InvitableRole }
  | { kind: 'revoke'; inviteId: number }
  | { kind: 'role'; userId: number; role: InvitableRole }
  | { kind: 'remove'; userId: number }
  | { kind: 'leave' };

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
        case 'leave':
          await client.DELETE('/projects/current/membership', { signal });
          return;
      }
    },
  };
}

export const memberCalls = createMemberCalls(api);
