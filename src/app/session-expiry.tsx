import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthActor } from '@/hooks/auth-actor';
import { failureIn, isRefusedWith } from '@/domain/call-failure';
import { NOT_A_MEMBER } from '@/domain/roles';
import { useActingProjectRef } from '@/hooks/acting-project';

/** The server refused the project the user picked: they are no longer one of its members. */
function notAMember(error: unknown): boolean {
  const failure = failureIn(error);
  return failure.kind === 'refused' && failure.status === 403 && failure.message === NOT_A_MEMBER;
}

/**
 * When any server-data query is refused with 401 (the session was revoked elsewhere, or expired),
 * the auth machine re-checks the current user; if the server refuses that too (401) it ends the
 * session, and the route guard sends the user to /login, where the machine's error says why. A
 * query refused because the user is no longer a member of the project they picked (403) sends the
 * acting project back to the user's own, which says so.
 */
export function SessionExpiryWatcher() {
  const auth = AuthActor.useActorRef();
  const project = useActingProjectRef();
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (isRefusedWith(event.action.error, 401)) auth.send({ type: 'auth.refresh' });
        else if (notAMember(event.action.error)) project?.send({ type: 'project.refused' });
      }),
    [auth, client, project],
  );
  return null;
}
