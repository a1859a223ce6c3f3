import { Alert, Button } from '@chakra-ui/react';

/** SPEC.md §7: the list failed or timed out, so the user's own key stands in for it. */
export function KeyListUnavailable({ hasKey, onRetry }: { hasKey: boolean; onRetry: () => void }) {
  return (
    <Alert.Root status="warning" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {hasKey ? 'Your API keys could not be loaded: your default key is shown meanwhile.' : 'Your API keys could not be loaded.'}
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </Alert.Root>
  );
}
