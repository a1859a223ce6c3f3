import { useId } from 'react';
import { SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { WEBHOOK_TYPES, WEBHOOK_TYPE_LABELS, type WebhookType } from '@/domain/webhook-form';
import { WEBHOOK_TYPE_HELP } from './webhook-texts';

interface WebhookTypeSwitchProps {
  value: WebhookType;
  onChange: (type: WebhookType) => void;
  disabled: boolean;
}

const items = WEBHOOK_TYPES.map((type) => ({ value: type, label: WEBHOOK_TYPE_LABELS[type] }));
const isWebhookType = (value: string | null): value is WebhookType => WEBHOOK_TYPES.some((type) => type === value);

/** Enhanced, raw or Discord (SPEC.md §3): a radio group drawn as a segmented control, with what the chosen kind sends. */
export function WebhookTypeSwitch({ value, onChange, disabled }: WebhookTypeSwitchProps) {
  const labelId = useId();
  const helpId = useId();
  return (
    <Stack gap="1.5" align="flex-start">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        Webhook type
      </Text>
      <SegmentGroup.Root
        aria-labelledby={labelId}
        aria-describedby={helpId}
        size="sm"
        value={value}
        disabled={disabled}
        onValueChange={(details) => {
          if (isWebhookType(details.value)) onChange(details.value);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} />
      </SegmentGroup.Root>
      <Text id={helpId} fontSize="xs" color="fg.muted">
        {WEBHOOK_TYPE_HELP[value]}
      </Text>
    </Stack>
  );
}
