import { type FormEvent, useEffect } from 'react';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { Button, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectAuthError } from '@machines/auth';
import { loginFormMachine, selectCanSubmit, selectEmail, selectIsSubmitting, selectPassword } from '@machines/login-form';
import { apiBaseUrl } from '@/api/client';
import { recordSignInAttempt } from '@/api/sign-in-attempt';
import { useAppConfig } from '@/hooks/app-config';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { paths, signupReturningTo } from '@/domain/paths';
import { useReturnPath } from '@/hooks/return-path';
import { loginScreenText } from '@/domain/auth-errors';
import { ACCOUNT_CREATED_AFTER, ACCOUNT_CREATED_BEFORE, accountCreatedEmail } from '@/domain/account-created';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { EmailText } from '@/components/email-text';
import { ErrorAlert } from '@/components/error-alert';
import { GoogleButton } from '@/components/google-button';
import { LegalLinks } from '@/components/legal-links';
import { OrDivider } from '@/components/or-divider';
import { ProductName } from '@/components/product-name';
import { SuccessAlert } from '@/components/success-alert';

/**
 * /login (SPEC.md §2). The form is machines/login-form.ts, which hands the credentials to the
 * app-wide session (its ref is the form's input) and hears back; the error shown is the session's (`auth.error.clear` dismisses it). Leaving
 * after a successful login is the route's job (PublicOnly sends a signed-in user on), so this
 * screen never navigates by itself. Coming from /signup, the history entry holds the new account's
 * e-mail (src/domain/account-created.ts): the screen says the account exists and fills the field.
 */
export default function LoginPage() {
  usePageTitle('Log in');
  const auth = AuthActor.useActorRef();
  const error = AuthActor.useSelector(selectAuthError);
  const form = useFlowActor(loginFormMachine, { input: { session: auth } });
  const email = useSelector(form, selectEmail);
  const password = useSelector(form, selectPassword);
  const isSubmitting = useSelector(form, selectIsSubmitting);
  const canSubmit = useSelector(form, selectCanSubmit);
  const productName = useAppConfig()?.productName;
  // A visitor sent here to come back somewhere (an invite's page) comes back there after signing up too.
  const returnPath = useReturnPath();
  // The browser's history entry (null while prerendering and hydrating, so the markup matches).
  const createdEmail = accountCreatedEmail(useHistoryState());

  useEffect(() => {
    // After hydration, not in the first render: the prerendered field is empty.
    if (createdEmail !== null) form.send({ type: 'login.prefill', email: createdEmail });
  }, [createdEmail, form]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'login.submit' });
  };

  return (
    <AuthPageFrame
      title="Log in"
      subtitle="Welcome back. Log in to manage your API keys and plan."
      brand={<ProductName name={productName} />}
      footer={
        <>
          <Text>
            Don&apos;t have an account?{' '}
            <ChakraLink asChild colorPalette="blue">
              <Link href={signupReturningTo(returnPath)}>Sign up</Link>
            </ChakraLink>
          </Text>
          <LegalLinks termsHref={paths.terms} privacyHref={paths.privacy} />
        </>
      }
    >
      {error ? <ErrorAlert message={loginScreenText(error)} onClose={() => auth.send({ type: 'auth.error.clear' })} /> : null}
      {createdEmail !== null && !error ? (
        <SuccessAlert
          message={
            <>
              {ACCOUNT_CREATED_BEFORE} <EmailText email={createdEmail} /> {ACCOUNT_CREATED_AFTER}
            </>
          }
        />
      ) : null}
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
              onChange={(e) => form.send({ type: 'login.email.set', value: e.currentTarget.value })}
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
              onChange={(e) => form.send({ type: 'login.password.set', value: e.currentTarget.value })}
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
      <GoogleButton
        href={`${apiBaseUrl}/auth/google`}
        label="Sign in with Google"
        onStart={() => recordSignInAttempt(Date.now(), returnPath)}
      />
    </AuthPageFrame>
  );
}
