import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as rpcTest from '@machines/rpc-test';
import { keyChoiceText } from '@/domain/playground-key';

interface KeyChoiceProps {
  playground: ActorRefFrom<typeof rpcTest.rpcTestMachine>;
}

/**
 * Which API key the playground calls with, by name and masked value (never the secret in full): a
 * select labelled "API key" when the user has several, a line of text for a single key, nothing
 * without one (the URL field then says where to get one).
 */
export function KeyChoice({ playground }: KeyChoiceProps) {
  const keys = useSelector(playground, rpcTest.selectKeys);
  const keyId = useSelector(playground, rpcTest.selectKeyId);
  const chosen = useSelector(playground, rpcTest.selectKey);
  const running = useSelector(playground, rpcTest.selectIsRunning);
  if (chosen === null) return null;
  if (keys.length === 1) {
    return (
      <Text fontSize="sm">
        API key: <Text as="span">{keyChoiceText(chosen)}</Text>
      </Text>
    );
  }
  return (
    <Field.Root disabled={running} maxW={{ base: 'full', md: 'md' }}>
      <Field.Label>API key</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={keyId ?? ''}
          onChange={(event) => playground.send({ type: 'rpc.key', keyId: event.currentTarget.value })}
          fontSize="sm"
        >
          {keys.map((key) => (
            <option key={key.id} value={key.id}>
              {keyChoiceText(key)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>The HTTP calls and the subscription use this key.</Field.HelperText>
    </Field.Root>
  );
}
