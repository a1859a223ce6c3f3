import type { FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { shallowEqual, useSelector } from '@xstate/react';
import {
  selectCanSubmit,
  selectConfirm,
  selectEmail,
  selectError,
  selectIsSubmitting,
  selectMismatch,
  selectPassword,
  selectRuleFailures,
  signupMachine,
} from '@machines/signup';
import { apiBaseUrl } from '@/api/client';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { signupCalls } from '@/api/auth-calls';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { GoogleButton } from '@/components/google-button';
import { OrDivider } from '@/components/or-divider';
import { NewPasswordFields } from '@/components/new-password-fields';

export interface SignupPageProps {
  /** The machine's effects; the real API calls unless a test brings its own. */
  actors?: typeof signupCalls;
}

/** /signup (SPEC.md §2, §5): a new account, then /login (signing up does not sign in). */
export default function SignupPage({ actors = signupCalls }: SignupPageProps) {
  usePageTitle('Sign up');
  const [, navigate] = useLocation();
  const signup = useFlowActor(signupMachine.provide({ actors, actions: { goToLogin: () => navigate(paths.login) } }));
  const email = useSelector(signup, selectEmail);
  const password = useSelector(signup, selectPassword);
  const confirm = useSelector(signup, selectConfirm);
  const ruleFailures = useSelector(signup, selectRuleFailures, shallowEqual);
  const mismatch = useSelector(signup, selectMismatch);
  const error = useSelector(signup, selectError);
  const isSubmitting = useSelector(signup, selectIsSubmitting);
  const canSubmit = useSelector(signup, selectCanSubmit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.send({ type: 'signup.submit' });
  };

  return (
    <AuthPageFrame
      title="Create your account"
      subtitle="Sign up to get your API key and start making RPC calls."
      footer={
        <Text>
          Already have an account?{' '}
          <ChakraLink asChild colorPalette="blue">
            <Link href={paths.login}>Log in</Link>
          </ChakraLink>
        </Text>
      }
    >
      {error ? <ErrorAlert message={error} onClose={() => signup.send({ type: 'signup.clearError' })} /> : null}
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
              onChange={(e) => signup.send({ type: 'signup.setEmail', value: e.currentTarget.value })}
            />
          </Field.Root>
          <NewPasswordFields
            labels={{ password: 'Password', confirm: 'Confirm password' }}
            password={password}
            confirm={confirm}
            onPasswordChange={(value) => signup.send({ type: 'signup.setPassword', value })}
            onConfirmChange={(value) => signup.send({ type: 'signup.setConfirm', value })}
            ruleFailures={ruleFailures}
            mismatch={mismatch}
            disabled={isSubmitting}
          />
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isSubmitting} loadingText="Signing up...">
            Sign up
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton href={`${apiBaseUrl}/auth/google`} label="Sign up with Google" onStart={() => recordSignInAttempt()} />
    </AuthPageFrame>
  );
}
