import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectUser } from '@machines/auth';
import { selectError, selectIsSending, selectIsSent, verificationNoticeMachine } from '@machines/verification-notice';
import { verificationNoticeCalls } from '@/api/auth-calls';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { RESEND_DONE, VERIFICATION_NOTICE_TITLE, verificationNoticeText } from '@/domain/email-verification';
import { ErrorAlert } from '@/components/error-alert';

export interface VerificationNoticeProps {
  /** The resend call; the real API call unless a test brings its own. */
  actors?: typeof verificationNoticeCalls;
}

/**
 * Over every signed-in screen while the account's address is unverified: which address, that alerts
 * are held back meanwhile, and a button for a new link. Nothing once the session's user is verified.
 */
export function VerificationNotice({ actors }: VerificationNoticeProps) {
  const user = AuthActor.useSelector(selectUser);
  if (user === null || user.emailVerified) return null;
  return <UnverifiedAddress email={user.email} actors={actors ?? verificationNoticeCalls} />;
}

function UnverifiedAddress({ email, actors }: { email: string; actors: typeof verificationNoticeCalls }) {
  const notice = useFlowActor(verificationNoticeMachine.provide({ actors }));
  const error = useSelector(notice, selectError);
  const isSending = useSelector(notice, selectIsSending);
  const isSent = useSelector(notice, selectIsSent);
  return (
    <Stack gap="2" mb="6">
      <Alert.Root status="info" role="region" aria-labelledby="verification-notice-title">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title id="verification-notice-title">{VERIFICATION_NOTICE_TITLE}</Alert.Title>
          {/* A long address wraps instead of widening the page. */}
          <Alert.Description overflowWrap="anywhere">{verificationNoticeText(email)}</Alert.Description>
          <Button
            size="sm"
            colorPalette="blue"
            alignSelf="flex-start"
            onClick={() => notice.send({ type: 'verification.resend' })}
            loading={isSending}
            loadingText="Sending..."
          >
            Resend verification link
          </Button>
          <Text role="status" aria-live="polite" fontSize="sm">
            {isSent ? RESEND_DONE : ''}
          </Text>
        </Alert.Content>
      </Alert.Root>
      {error ? <ErrorAlert message={error} /> : null}
    </Stack>
  );
}
