import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { authCallbackMachine, selectError } from '@machines/auth-callback';
import { authCallbackCalls } from '@/api/auth-calls';
import { forgetSignInAttempt, readSignInAttempt, readSignInReturnPath } from '@/api/sign-in-attempt';
import { useFlowActor } from '@/hooks/inspection';
import { AuthActor } from '@/hooks/auth-actor';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';

export interface AuthCallbackPageProps {
  /** The cookie exchange; the real API call unless a test brings its own. */
  actors?: typeof authCallbackCalls;
}

/** /auth/callback: where Google sign-in comes back (SPEC.md §2, §8). */
export default function AuthCallbackPage({ actors = authCallbackCalls }: AuthCallbackPageProps) {
  usePageTitle('Signing in');
  const [, navigate] = useLocation();
  const query = new URLSearchParams(useSearch());
  const session = AuthActor.useActorRef();
  // Read before the machine forgets the attempt: where the sign-in was started to come back to.
  const [returnPath] = useState(readSignInReturnPath);
  const callback = useFlowActor(
    authCallbackMachine.provide({
      actors,
      actions: {
        forgetSignInAttempt,
        // Replaced, not pushed: the token stays neither in the address bar nor in the history.
        hideQueryToken: () => {
          if (!query.has('token')) return;
          const rest = new URLSearchParams(query);
          rest.delete('token');
          const search = rest.toString();
          navigate(`${paths.authCallback}${search ? `?${search}` : ''}`, { replace: true });
        },
        goHome: () => navigate(returnPath, { replace: true }),
        goToLogin: () => navigate(paths.login, { replace: true }),
      },
    }),
    {
      input: {
        token: query.get('token'),
        error: query.get('error'),
        signInStartedAt: readSignInAttempt(),
        now: Date.now(),
        // The app-wide session, which takes the token and answers this screen's actor.
        session,
      },
    },
  );
  const error = useSelector(callback, selectError);

  return (
    <AuthPageFrame title="Signing in">
      {error ? (
        <Stack gap="3">
          <ErrorAlert message={error} />
          <Text color="fg.muted" fontSize="sm">
            Redirecting to login...
          </Text>
        </Stack>
      ) : (
        <HStack gap="3" role="status" aria-live="polite">
          <Spinner size="sm" color="blue.600" aria-hidden="true" />
          <Text>Authenticating...</Text>
        </HStack>
      )}
    </AuthPageFrame>
  );
}
