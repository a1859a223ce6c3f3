import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AuthActor } from '@/hooks/auth-actor';

/** The API's error envelope for a missing, expired or revoked session. */
function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error && error.statusCode === 401;
}

/**
 * When any server-data query is refused with 401 (the session was revoked elsewhere, or expired),
 * the auth machine re-checks the current user; if that fails too it ends the session, and the
 * route guard sends the user to /login, where the machine's error says why.
 */
export function SessionExpiryWatcher() {
  const auth = AuthActor.useActorRef();
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error)) {
          auth.send({ type: 'auth.refresh' });
        }
      }),
    [auth, client],
  );
  return null;
}
