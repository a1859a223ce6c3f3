import type { FormEvent } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { Button, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import {
  resetPasswordMachine,
  selectCanSubmit,
  selectConfirm,
  selectError,
  selectIsInvalidLink,
  selectIsSubmitting,
  selectIsSucceeded,
  selectMismatch,
  selectPassword,
  selectRuleFailures,
} from '@machines/reset-password';
import { resetPasswordCalls } from '@/api/auth-calls';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { decodePathParam } from '@/domain/path-param';
import { paths } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { NewPasswordFields } from '@/components/new-password-fields';
import { SuccessAlert } from '@/components/success-alert';

const PASSWORD_RESET_DONE = 'Your password has been reset. Redirecting to login...';

export interface ResetPasswordPageProps {
  /** The machine's effects; the real API calls unless a test brings its own. */
  actors?: typeof resetPasswordCalls;
}

/** /reset-password/{token}: a new password from an e-mailed link, then /login after 3 s. */
export default function ResetPasswordPage({ actors = resetPasswordCalls }: ResetPasswordPageProps) {
  usePageTitle('Reset password');
  const [, navigate] = useLocation();
  const { token } = useParams<{ token?: string }>();
  const reset = useFlowActor(resetPasswordMachine.provide({ actors, actions: { goToLogin: () => navigate(paths.login) } }), {
    input: { token: token === undefined ? null : decodePathParam(token) },
  });
  const password = useSelector(reset, selectPassword);
  const confirm = useSelector(reset, selectConfirm);
  const ruleFailures = useSelector(reset, selectRuleFailures, shallowEqual);
  const mismatch = useSelector(reset, selectMismatch);
  const error = useSelector(reset, selectError);
  const isInvalidLink = useSelector(reset, selectIsInvalidLink);
  const isSubmitting = useSelector(reset, selectIsSubmitting);
  const isSucceeded = useSelector(reset, selectIsSucceeded);
  const canSubmit = useSelector(reset, selectCanSubmit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.send({ type: 'reset.submit' });
  };

  return (
    <AuthPageFrame
      title="Reset password"
      subtitle="Choose a new password for your account."
      footer={
        <Text>
          <ChakraLink asChild colorPalette="blue">
            <Link href={isInvalidLink ? paths.forgotPassword : paths.login}>
              {isInvalidLink ? 'Request a new reset link' : 'Back to login'}
            </Link>
          </ChakraLink>
        </Text>
      }
    >
      {error ? <ErrorAlert message={error} onClose={isInvalidLink ? undefined : () => reset.send({ type: 'reset.clearError' })} /> : null}
      {isSucceeded ? <SuccessAlert message={PASSWORD_RESET_DONE} /> : null}
      {isInvalidLink || isSucceeded ? null : (
        <form onSubmit={submit}>
          <Stack gap="4">
            <NewPasswordFields
              labels={{ password: 'New password', confirm: 'Confirm new password' }}
              password={password}
              confirm={confirm}
              onPasswordChange={(value) => reset.send({ type: 'reset.setPassword', value })}
              onConfirmChange={(value) => reset.send({ type: 'reset.setConfirm', value })}
              ruleFailures={ruleFailures}
              mismatch={mismatch}
              disabled={isSubmitting}
            />
            <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isSubmitting} loadingText="Resetting...">
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
    </AuthPageFrame>
  );
}
