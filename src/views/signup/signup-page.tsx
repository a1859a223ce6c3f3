import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
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
import { useAppConfig } from '@/hooks/app-config';
import { usePageTitle } from '@/hooks/use-page-title';
import { accountCreatedState } from '@/domain/account-created';
import { loginReturningTo, paths } from '@/domain/paths';
import { useReturnPath } from '@/hooks/return-path';
import { AuthFormPage } from '@/components/auth-form-page';
import { EmailField } from '@/components/email-field';
import { FooterLink } from '@/components/footer-link';
import { GoogleButton } from '@/components/google-button';
import { LegalLinks } from '@/components/legal-links';
import { OrDivider } from '@/components/or-divider';
import { ProductName } from '@/components/product-name';
import { NewPasswordFields } from '@/components/new-password-fields';

export interface SignupPageProps {
  /** The machine's effects; the real API calls unless a test brings its own. */
  actors?: typeof signupCalls;
}

/**
 * /signup (SPEC.md §2, §5): a new account, then /login with its e-mail (signing up does not sign in).
 * Opened with `?from=` (an invite's page sends a visitor here), /login carries it on, so logging in
 * returns there.
 */
export default function SignupPage({ actors = signupCalls }: SignupPageProps) {
  usePageTitle('Sign up');
  const [, navigate] = useLocation();
  const returnPath = useReturnPath();
  // The query as it is when the account is created (the first render of a prerendered page sees none).
  const returnTo = useRef(returnPath);
  useEffect(() => {
    returnTo.current = returnPath;
  }, [returnPath]);
  const signup = useFlowActor(
    signupMachine.provide({
      actors,
      // /login says the account was created and fills in its e-mail (history state: never in the URL, never the password).
      actions: {
        goToLogin: ({ context }) => navigate(loginReturningTo(returnTo.current), { state: accountCreatedState(context.email.trim()) }),
      },
    }),
  );
  const productName = useAppConfig()?.productName;
  const email = useSelector(signup, selectEmail);
  const password = useSelector(signup, selectPassword);
  const confirm = useSelector(signup, selectConfirm);
  const ruleFailures = useSelector(signup, selectRuleFailures, shallowEqual);
  const mismatch = useSelector(signup, selectMismatch);
  const error = useSelector(signup, selectError);
  const isSubmitting = useSelector(signup, selectIsSubmitting);
  const canSubmit = useSelector(signup, selectCanSubmit);

  return (
    <AuthFormPage
      title="Create your account"
      subtitle="Sign up to get your API key and start making RPC calls."
      brand={<ProductName name={productName} />}
      footer={
        <>
          <FooterLink prompt="Already have an account?" href={loginReturningTo(returnPath)}>
            Log in
          </FooterLink>
          <LegalLinks termsHref={paths.terms} privacyHref={paths.privacy} />
        </>
      }
      error={error}
      onDismissError={() => signup.send({ type: 'signup.error.clear' })}
      submit={{
        label: 'Sign up',
        busyLabel: 'Signing up...',
        enabled: canSubmit,
        busy: isSubmitting,
        onSubmit: () => signup.send({ type: 'signup.submit' }),
      }}
      after={
        <>
          <OrDivider />
          <GoogleButton
            href={`${apiBaseUrl}/auth/google`}
            label="Sign up with Google"
            onStart={() => recordSignInAttempt(Date.now(), returnPath)}
          />
        </>
      }
    >
      <EmailField value={email} onChange={(value) => signup.send({ type: 'signup.email.set', value })} disabled={isSubmitting} />
      <NewPasswordFields
        labels={{ password: 'Password', confirm: 'Confirm password' }}
        password={password}
        confirm={confirm}
        onPasswordChange={(value) => signup.send({ type: 'signup.password.set', value })}
        onConfirmChange={(value) => signup.send({ type: 'signup.confirm.set', value })}
        ruleFailures={ruleFailures}
        mismatch={mismatch}
        disabled={isSubmitting}
      />
    </AuthFormPage>
  );
}
