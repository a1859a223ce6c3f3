import type { Client } from 'openapi-fetch';
import { api, bodyOf } from '@/api/client';
import type { components, paths } from '@/api/schema';

type InvitePreview = components['schemas']['InvitePreview'];
type ProjectMembership = components['schemas']['ProjectMembership'];

/** The calls of an invite link's page (the invite machine turns their failures into texts). */
export function createInviteCalls(client: Client<paths>) {
  return {
    /** GET /invites/{token} (public): what the invite offers, open or not. */
    async getInvite(token: string, signal?: AbortSignal): Promise<InvitePreview> {
      return bodyOf(await client.GET('/invites/{token}', { params: { path: { token } }, signal }));
    },

    /** POST /invites/{token}/accept: the signed-in user joins; the project joined, with the role. */
    async acceptInvite(token: string, signal?: AbortSignal): Promise<ProjectMembership> {
      return bodyOf(await client.POST('/invites/{token}/accept', { params: { path: { token } }, signal }));
    },
  };
}

export const inviteCalls = createInviteCalls(api);
