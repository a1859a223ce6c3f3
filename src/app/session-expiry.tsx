import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthActor } from '@/hooks/auth-actor';
import { isRefusedWith } from '@/domain/call-failure';

/**
 * When any server-data query is refused with 401 (the session was revoked elsewhere, or expired),
 * the auth machine re-checks the current user; if the server refuses that too (401) it ends the
 * session, and the route guard sends the user to /login, where the machine's error says why.
 */
export function SessionExpiryWatcher() {
  const auth = AuthActor.useActorRef();
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isRefusedWith(event.action.error, 401)) {
          auth.send({ type: 'auth.refresh' });
        }
      }),
    [auth, client],
  );
  return null;
}
