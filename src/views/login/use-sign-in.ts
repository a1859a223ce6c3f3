import { useMemo } from 'react';
import { fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import { type authMachine, selectIsAuthenticated, selectIsBusy } from '@machines/auth';
import type { SignInOutcome } from '@machines/login-form';

/**
 * The login form's `signIn` over the app-wide session: let a session still loading (a stored
 * token) decide first, then send `auth.login` and wait until the session is signed in or back to
 * anonymous with its error. Never rejects: every outcome is the session's to report.
 */
export function useSignIn(auth: ActorRefFrom<typeof authMachine>) {
  return useMemo(
    () =>
      fromPromise<SignInOutcome, { email: string; password: string }>(async ({ input }) => {
        const idle = (snapshot: ReturnType<typeof auth.getSnapshot>) => !selectIsBusy(snapshot);
        try {
          if (selectIsAuthenticated(await waitFor(auth, idle))) return 'signedIn';
          auth.send({ type: 'auth.login', email: input.email, password: input.password });
          return selectIsAuthenticated(await waitFor(auth, idle)) ? 'signedIn' : 'refused';
        } catch {
          return 'refused'; // the session stopped (the app is closing): nothing to report
        }
      }),
    [auth],
  );
}
