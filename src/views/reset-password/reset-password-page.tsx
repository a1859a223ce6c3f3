import { useLocation, useParams } from 'wouter';
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
import { AuthFormPage } from '@/components/auth-form-page';
import { FooterLink } from '@/components/footer-link';
import { NewPasswordFields } from '@/components/new-password-fields';

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

  return (
    <AuthFormPage
      title="Reset password"
      subtitle="Choose a new password for your account."
      footer={
        isInvalidLink ? (
          <FooterLink href={paths.forgotPassword}>Request a new reset link</FooterLink>
        ) : (
          <FooterLink href={paths.login}>Back to login</FooterLink>
        )
      }
      error={error}
      // An invalid link stays invalid: nothing to dismiss.
      onDismissError={isInvalidLink ? undefined : () => reset.send({ type: 'reset.error.clear' })}
      success={isSucceeded ? PASSWORD_RESET_DONE : null}
      formShown={!isInvalidLink && !isSucceeded}
      submit={{
        label: 'Reset Password',
        busyLabel: 'Resetting...',
        enabled: canSubmit,
        busy: isSubmitting,
        onSubmit: () => reset.send({ type: 'reset.submit' }),
      }}
    >
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        password={password}
        confirm={confirm}
        onPasswordChange={(value) => reset.send({ type: 'reset.password.set', value })}
        onConfirmChange={(value) => reset.send({ type: 'reset.confirm.set', value })}
        ruleFailures={ruleFailures}
        mismatch={mismatch}
        disabled={isSubmitting}
      />
    </AuthFormPage>
  );
}
