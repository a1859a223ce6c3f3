import { useId } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { keyGeneratorMachine, selectCanGenerate, selectGenerateError, selectIsGenerating } from '@machines/key-generator';
import { useFlowActor } from '@/hooks/inspection';
import { ErrorAlert } from '@/components/error-alert';
import { generateBlockedReason, keysUsedText } from '@/domain/key-display';
import type { KeysPageActors } from './keys-page-actors';

interface GenerateKeyProps {
  /** The user's keys; null when the list failed to load (no counter, Generate disabled). */
  count: number | null;
  /** The plan's maxKey: null = unlimited. */
  maxKey: number | null;
  /** The list is being refreshed: the count may be stale, so Generate waits for it. */
  busy?: boolean;
  actors: KeysPageActors['generator'];
  onKeysChanged: () => void;
}

/**
 * The key counter and the Generate button, disabled at the plan's limit (SPEC.md "/keys", §5, §8)
 * and while the key list is unavailable (the stand-in key is no count).
 */
export function GenerateKey({ count, maxKey, busy = false, actors, onKeysChanged }: GenerateKeyProps) {
  const generator = useFlowActor(keyGeneratorMachine.provide({ actors, actions: { keysChanged: onKeysChanged } }));
  const error = useSelector(generator, selectGenerateError);
  const isGenerating = useSelector(generator, selectIsGenerating);
  const canGenerate = useSelector(generator, (s) => selectCanGenerate(s, count, maxKey));
  const blocked = generateBlockedReason(count, maxKey);
  const reasonId = useId();

  return (
    <Stack gap="3">
      <HStack gap="4" justify="space-between" wrap="wrap">
        <Text fontWeight="medium" aria-live="polite">
          {count === null ? '' : keysUsedText(count, maxKey)}
        </Text>
        <Button
          colorPalette="blue"
          onClick={() => generator.send({ type: 'keys.generate', count, maxKey })}
          disabled={!canGenerate || busy}
          loading={isGenerating}
          loadingText="Generating..."
          aria-describedby={blocked ? reasonId : undefined}
        >
          Generate new key
        </Button>
      </HStack>
      {blocked ? (
        <Text id={reasonId} fontSize="sm" color="fg.muted">
          {blocked}
        </Text>
      ) : null}
      {error ? <ErrorAlert message={error} onClose={() => generator.send({ type: 'keys.error.clear' })} /> : null}
    </Stack>
  );
}
