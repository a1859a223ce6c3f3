import { Alert, CloseButton } from '@chakra-ui/react';

interface ErrorAlertProps {
  message: string;
  /** Shows a close button (named 'Close') that dismisses the error. */
  onClose?: () => void;
}

/** An error message announced to assistive technology as it appears (role=alert). */
export function ErrorAlert({ message, onClose }: ErrorAlertProps) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        {/* A long word (a token, a URL in a message) wraps instead of widening the page. */}
        <Alert.Description overflowWrap="anywhere">{message}</Alert.Description>
      </Alert.Content>
      {onClose ? <CloseButton size="sm" alignSelf="flex-start" onClick={onClose} /> : null}
    </Alert.Root>
  );
}
