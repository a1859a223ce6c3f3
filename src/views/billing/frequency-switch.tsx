import { useId } from 'react';
import { Badge, HStack, SegmentGroup, Text } from '@chakra-ui/react';
import { YEARLY_DISCOUNT_LABEL } from '@/domain/billing-plans';
import type { Frequency } from '@/domain/money';

interface FrequencySwitchProps {
  value: Frequency;
  onChange: (frequency: Frequency) => void;
}

const items = [
  { value: 'MONTHLY', label: 'Monthly' },
  {
    value: 'ANNUALY',
    label: (
      <>
        Yearly
        <Badge colorPalette="green" size="sm">
          {YEARLY_DISCOUNT_LABEL}
        </Badge>
      </>
    ),
  },
];

const isFrequency = (value: string | null): value is Frequency => value === 'MONTHLY' || value === 'ANNUALY';

/** Monthly or Yearly (SPEC.md §4 Billing; yearly shows '- 10%'): a radio group, arrow keys move between them. */
export function FrequencySwitch({ value, onChange }: FrequencySwitchProps) {
  const labelId = useId();
  return (
    <HStack gap="3" wrap="wrap">
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        Billing period
      </Text>
      <SegmentGroup.Root
        aria-labelledby={labelId}
        size="sm"
        value={value}
        onValueChange={(details) => {
          if (isFrequency(details.value)) onChange(details.value);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} />
      </SegmentGroup.Root>
    </HStack>
  );
}
