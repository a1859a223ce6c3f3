import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { selectAuthError, selectIsBusy } from '@machines/auth';
import { apiBaseUrl } from '@/api/client';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { AuthActor } from '@/hooks/auth-actor';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths } from '@/domain/paths';
import { loginScreenText } from '@/domain/auth-errors';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { GoogleButton } from '@/components/google-button';
import { OrDivider } from '@/components/or-divider';

/**
 * /login (SPEC.md §2). Talks to the app-wide session: `auth.login` to sign in, `auth.clearError`
 * to dismiss the error. Leaving after a successful login is the route's job (PublicOnly sends a
 * signed-in user on), so this screen never navigates by itself.
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const auth = AuthActor.useActorRef();
  const error = AuthActor.useSelector(selectAuthError);
  const isBusy = AuthActor.useSelector(selectIsBusy);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // SPEC.md §5: login requires both fields non-empty.
  const canSubmit = email.trim() !== '' && password !== '' && !isBusy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) auth.send({ type: 'auth.login', email: email.trim(), password });
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
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Password
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </Field.Root>
          <ChakraLink asChild alignSelf="flex-end" fontSize="sm" colorPalette="blue">
            <Link href={paths.forgotPassword}>Forgot password?</Link>
          </ChakraLink>
          <Button type="submit" colorPalette="blue" disabled={!canSubmit} loading={isBusy} loadingText="Logging in...">
            Log in
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton href={`${apiBaseUrl}/auth/google`} label="Sign in with Google" onStart={() => recordSignInAttempt()} />
    </AuthPageFrame>
  );
}
