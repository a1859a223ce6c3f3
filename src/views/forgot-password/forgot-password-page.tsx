import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import {
  forgotPasswordMachine,
  selectCanSubmit,
  selectEmail,
  selectError,
  selectIsSent,
  selectIsSubmitting,
} from '@machines/forgot-password';
import { forgotPasswordCalls } from '@/api/auth-calls';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { SuccessAlert } from '@/components/success-alert';

/** SPEC.md "/forgot-password", word for word. */
const RESET_LINK_SENT = 'If an account with that email exists, we have sent password reset instructions to your email.';

export interface ForgotPasswordPageProps {
  /** The machine's effects; the real API calls unless a test brings its own. */
  actors?: typeof forgotPasswordCalls;
}

/** /forgot-password: asks for a reset link by e-mail. */
export default function ForgotPasswordPage({ actors = forgotPasswordCalls }: ForgotPasswordPageProps) {
  usePageTitle('Forgot password');
  const forgot = useFlowActor(forgotPasswordMachine.provide({ actors }));
  const email = useSelector(forgot, selectEmail);
  const error = useSelector(forgot, selectError);
  const isSubmitting = useSelector(forgot, selectIsSubmitting);
  const isSent = useSelector(forgot, selectIsSent);
  const canSubmit = useSelector(forgot, selectCanSubmit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.send({ type: 'forgot.submit' });
  };

  return (
    <AuthPageFrame
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to reset your password."
      footer={
        <Text>
          Remembered it?{' '}
          <ChakraLink asChild colorPalette="blue">
            <Link href={paths.login}>Back to login</Link>
          </ChakraLink>
        </Text>
      }
    >
      {error ? <ErrorAlert message={error} onClose={() => forgot.send({ type: 'forgot.clearError' })} /> : null}
      {isSent ? (
        <SuccessAlert message={RESET_LINK_SENT} />
      ) : (
        <form onSubmit={submit}>
          <Stack gap="4">
            <Field.Root required disabled={isSubmitting}>
              <Field.Label>
                Email
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => forgot.send({ type: 'forgot.setEmail', value: e.currentTarget.value })}
              />
            </Field.Root>
            <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isSubmitting} loadingText="Sending...">
              Send Reset Link
            </Button>
          </Stack>
        </form>
      )}
    </AuthPageFrame>
  );
}
