import { Badge } from '@chakra-ui/react';
import { type BillingFrequency, billingFrequencies, billingPeriods, discountLabel, parseBillingFrequency } from '@/domain/plan-catalog';
import { SegmentSwitch } from '@/components/segment-switch';

interface FrequencySwitchProps {
  value: BillingFrequency;
  onChange: (frequency: BillingFrequency) => void;
}

/** Each billing frequency with its label, and its discount beside it ('- 10%' for yearly). */
const items = billingFrequencies.map((frequency) => {
  const discount = discountLabel(frequency);
  const label = billingPeriods[frequency].label;
  return {
    value: frequency,
    label:
      discount === null ? (
        label
      ) : (
        <>
          {label}
          <Badge colorPalette="green" size="sm">
            {discount}
          </Badge>
        </>
      ),
  };
});

const isFrequency = (value: string | null): value is BillingFrequency => parseBillingFrequency(value) !== null;

/** Monthly or Yearly (SPEC.md §4 Billing; yearly shows '- 10%'). */
export function FrequencySwitch({ value, onChange }: FrequencySwitchProps) {
  return <SegmentSwitch label="Billing period" items={items} value={value} isValue={isFrequency} onChange={onChange} />;
}
