import type { ReactNode } from 'react';
import { Alert } from '@chakra-ui/react';

/** A confirmation that something went through; polite, so it does not interrupt. */
export function SuccessAlert({ message }: { message: ReactNode }) {
  return (
    <Alert.Root status="success" role="status" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        {/* A long word (an e-mail address) wraps instead of widening the page. */}
        <Alert.Description overflowWrap="anywhere">{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
