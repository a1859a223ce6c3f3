import { useSearch } from 'wouter';
import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectCanRetry, selectError, selectIsVerified, selectIsVerifying, verifyEmailMachine } from '@machines/verify-email';
import { verifyEmailCalls } from '@/api/auth-calls';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { VERIFY_DONE } from '@/domain/email-verification';
import { paths } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { FooterLink } from '@/components/footer-link';
import { SuccessAlert } from '@/components/success-alert';

export interface VerifyEmailPageProps {
  /** The machine's effects; the real API call unless a test brings its own. */
  actors?: typeof verifyEmailCalls;
}

/** /verify-email?token=…: the link of the verification mail, posted at once. Public, signed in or out. */
export default function VerifyEmailPage({ actors = verifyEmailCalls }: VerifyEmailPageProps) {
  usePageTitle('Verify e-mail address');
  const token = new URLSearchParams(useSearch()).get('token');
  const session = AuthActor.useActorRef();
  const verify = useFlowActor(
    verifyEmailMachine.provide({
      actors,
      // A signed-in session reloads its user: the layout's notice about the address goes.
      actions: { announceVerified: () => session.send({ type: 'auth.refresh' }) },
    }),
    { input: { token } },
  );
  const error = useSelector(verify, selectError);
  const isVerifying = useSelector(verify, selectIsVerifying);
  const isVerified = useSelector(verify, selectIsVerified);
  const canRetry = useSelector(verify, selectCanRetry);

  return (
    <AuthPageFrame
      title="Verify e-mail address"
      footer={<FooterLink href={paths.home}>{isVerified ? 'Go to the dashboard' : 'Sign in to ask for a new link'}</FooterLink>}
    >
      <Stack gap="4">
        {isVerifying ? (
          <HStack gap="3" role="status" aria-live="polite">
            <Spinner size="sm" color="blue.600" aria-hidden="true" />
            <Text>Verifying your e-mail address...</Text>
          </HStack>
        ) : null}
        {isVerified ? <SuccessAlert message={VERIFY_DONE} /> : null}
        {error ? <ErrorAlert message={error} /> : null}
        {canRetry ? (
          <Button alignSelf="flex-start" colorPalette="blue" onClick={() => verify.send({ type: 'verify.retry' })}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </AuthPageFrame>
  );
}
