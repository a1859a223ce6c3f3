import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectAuthError } from '@machines/auth';
import { loginFormMachine, selectCanSubmit, selectEmail, selectIsSubmitting, selectPassword } from '@machines/login-form';
import { apiBaseUrl } from '@/api/client';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';
import { loginScreenText } from '@/domain/auth-errors';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { GoogleButton } from '@/components/google-button';
import { OrDivider } from '@/components/or-divider';
import { useSignIn } from './use-sign-in';

/**
 * /login (SPEC.md §2). The form is machines/login-form.ts, which hands the credentials to the
 * app-wide session; the error shown is the session's (`auth.clearError` dismisses it). Leaving
 * after a successful login is the route's job (PublicOnly sends a signed-in user on), so this
 * screen never navigates by itself.
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const auth = AuthActor.useActorRef();
  const error = AuthActor.useSelector(selectAuthError);
  const signIn = useSignIn(auth);
  const form = useFlowActor(loginFormMachine.provide({ actors: { signIn } }));
  const email = useSelector(form, selectEmail);
  const password = useSelector(form, selectPassword);
  const isSubmitting = useSelector(form, selectIsSubmitting);
  const canSubmit = useSelector(form, selectCanSubmit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'login.submit' });
  };

  return (
    <AuthPageFrame
      title="Log in"
      subtitle="Welcome back. Log in to manage your API keys and plan."
      footer={
        <>
          <Text>
            Don&apos;t have an account?{' '}
            <ChakraLink asChild colorPalette="blue">
              <Link href={paths.signup}>Sign up</Link>
            </ChakraLink>
          </Text>
          <Text>
            By continuing you agree to our{' '}
            <ChakraLink asChild>
              <Link href={paths.terms}>Terms of Service</Link>
            </ChakraLink>{' '}
            and{' '}
            <ChakraLink asChild>
              <Link href={paths.privacy}>Privacy Policy</Link>
            </ChakraLink>
            .
          </Text>
        </>
      }
    >
      {error ? <ErrorAlert message={loginScreenText(error)} onClose={() => auth.send({ type: 'auth.clearError' })} /> : null}
      <form onSubmit={submit}>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>
              Email
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => form.send({ type: 'login.setEmail', value: e.currentTarget.value })}
            />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Password
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => form.send({ type: 'login.setPassword', value: e.currentTarget.value })}
            />
          </Field.Root>
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" colorPalette="blue">
            <Link href={paths.forgotPassword}>Forgot password?</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isSubmitting} loadingText="Logging in...">
            Log in
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton href={`${apiBaseUrl}/auth/google`} label="Sign in with Google" onStart={() => recordSignInAttempt()} />
    </AuthPageFrame>
  );
}
