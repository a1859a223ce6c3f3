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
import { AuthFormPage } from '@/components/auth-form-page';
import { EmailField } from '@/components/email-field';
import { FooterLink } from '@/components/footer-link';

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

  return (
    <AuthFormPage
      title="Forgot password"
      subtitle="Enter the email of your account and we will send you a link to reset your password."
      footer={
        <FooterLink prompt="Remembered it?" href={paths.login}>
          Back to login
        </FooterLink>
      }
      error={error}
      onDismissError={() => forgot.send({ type: 'forgot.error.clear' })}
      success={isSent ? RESET_LINK_SENT : null}
      formShown={!isSent}
      submit={{
        label: 'Send Reset Link',
        busyLabel: 'Sending...',
        enabled: canSubmit,
        busy: isSubmitting,
        onSubmit: () => forgot.send({ type: 'forgot.submit' }),
      }}
    >
      <EmailField value={email} onChange={(value) => forgot.send({ type: 'forgot.email.set', value })} disabled={isSubmitting} />
    </AuthFormPage>
  );
}
