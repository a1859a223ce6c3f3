import type { FormEvent } from 'react';
import { Button, CloseButton, Field, Flex, HStack, Input, List, Text } from '@chakra-ui/react';
import { InfoTipButton } from '@/components/info-tip-button';
import { MAX_WEBHOOK_ADDRESSES, WEBHOOK_ADDRESS_MESSAGES } from '@/domain/webhook-form';
import { ADDRESS_LIMIT_TIP } from './webhook-texts';

interface WebhookAddressesFieldProps {
  addresses: readonly string[];
  draft: string;
  error: string | null;
  isFull: boolean;
  disabled: boolean;
  onDraftChange: (value: string) => void;
  onAdd: () => void;
  onRemove: (address: string) => void;
}

/**
 * SPEC.md §5 "Webhook addresses": a field to add one (Enter or Add; the refusal's message shows
 * under it), the list with a remove button each, and how many of the 25 are used. Add is disabled
 * at 25; the tip says how to watch more (through the API).
 */
export function WebhookAddressesField({
  addresses,
  draft,
  error,
  isFull,
  disabled,
  onDraftChange,
  onAdd,
  onRemove,
}: WebhookAddressesFieldProps) {
  const add = (event: FormEvent) => {
    event.preventDefault();
    onAdd();
  };
  return (
    <Field.Root invalid={error !== null} disabled={disabled} gap="1.5">
      <HStack gap="1">
        <Field.Label>Addresses</Field.Label>
        <InfoTipButton label="About the address limit">{ADDRESS_LIMIT_TIP}</InfoTipButton>
      </HStack>
      <form onSubmit={add} noValidate style={{ width: '100%' }}>
        <Flex gap="2" w="full">
          <Input
            value={draft}
            placeholder="0x… address to watch"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            fontFamily="mono"
            onChange={(event) => onDraftChange(event.currentTarget.value)}
            // Enter adds even when the list is full (Add is disabled then), so the refusal's message says why.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onAdd();
            }}
          />
          <Button type="submit" variant="outline" disabled={disabled || isFull}>
            Add
          </Button>
        </Flex>
      </form>
      <Field.ErrorText>{error}</Field.ErrorText>
      <Field.HelperText>
        {addresses.length}/{MAX_WEBHOOK_ADDRESSES} addresses
        {isFull && error === null ? ` · ${WEBHOOK_ADDRESS_MESSAGES.full}` : ''}
      </Field.HelperText>
      {addresses.length > 0 ? (
        <List.Root aria-label="Addresses to watch" variant="plain" gap="1" w="full" maxH="48" overflowY="auto">
          {addresses.map((address) => (
            <List.Item key={address} display="flex" alignItems="center" justifyContent="space-between" gap="2">
              <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                {address}
              </Text>
              <CloseButton size="xs" aria-label={`Remove ${address}`} disabled={disabled} onClick={() => onRemove(address)} />
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Field.Root>
  );
}
