import { useMemo } from 'react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { selectIsAuthenticated, selectIsResolving, type authMachine } from '@machines/auth';
import { CallFailed } from '@/domain/call-failure';

/**
 * The callback machine's `acceptToken` over the app-wide session: hand the token over
 * (`auth.tokenReceived`, which stores it and loads the user) and settle once the session has
 * decided — signed in, or back to anonymous after trying to load the user.
 *
 * "After trying" matters: the session actor may not have started yet (its provider's effect runs
 * after this screen's), in which case it takes the event only once it starts, and its snapshot
 * meanwhile still reads anonymous.
 */
export function useAcceptToken(auth: ActorRefFrom<typeof authMachine>) {
  return useMemo(
    () =>
      fromPromise<void, { token: string }>(async ({ input }) => {
        auth.send({ type: 'auth.tokenReceived', token: input.token });
        let triedToLoad = false;
        const settled = await waitFor(auth, (s) => {
          triedToLoad ||= selectIsResolving(s);
          return selectIsAuthenticated(s) || (triedToLoad && s.matches('anonymous'));
        });
        // The session already holds why (its error, shown on /login); the callback shows its own text.
        if (!selectIsAuthenticated(settled)) throw new CallFailed({ kind: 'unexpected' });
      }),
    [auth],
  );
}
