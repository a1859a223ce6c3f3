import type { FormEvent, ReactNode } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { AuthPageFrame } from './auth-page-frame';
import { ErrorAlert } from './error-alert';
import { SuccessAlert } from './success-alert';

/** The form's one button: its label, what it says while the call runs, and when it may be pressed. */
export interface AuthFormSubmit {
  label: string;
  busyLabel: string;
  enabled: boolean;
  busy: boolean;
  onSubmit: () => void;
}

interface AuthFormPageProps {
  title: string;
  subtitle: string;
  /** Links under the card (FooterLink). */
  footer: ReactNode;
  /** Over the title, inside the card: the product's name (ProductName). */
  brand?: ReactNode;
  /** The flow's failure, over the form; it has a Close button when `onDismissError` is given. */
  error: string | null;
  onDismissError?: (() => void) | undefined;
  /** What went through (a link sent, a password changed), over the form. */
  success?: string | null;
  /** False once there is nothing left to fill in: the fields and the button go. */
  formShown?: boolean;
  submit: AuthFormSubmit;
  /** The form's fields, above its button. */
  children: ReactNode;
  /** Under the form (e.g. the Google button). */
  after?: ReactNode;
}

/** A sign-in screen's form in its card (signup, forgot and reset password): alerts, fields, one submit button. */
export function AuthFormPage({
  title,
  subtitle,
  footer,
  brand,
  error,
  onDismissError,
  success = null,
  formShown = true,
  submit,
  children,
  after,
}: AuthFormPageProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.onSubmit();
  };
  return (
    <AuthPageFrame title={title} subtitle={subtitle} footer={footer} brand={brand}>
      {error ? <ErrorAlert message={error} onClose={onDismissError} /> : null}
      {success ? <SuccessAlert message={success} /> : null}
      {formShown ? (
        <form onSubmit={onSubmit}>
          <Stack gap="4">
            {children}
            <Button type="submit" colorPalette="blue" disabled={!submit.enabled} loading={submit.busy} loadingText={submit.busyLabel}>
              {submit.label}
            </Button>
          </Stack>
        </form>
      ) : null}
      {after}
    </AuthPageFrame>
  );
}
