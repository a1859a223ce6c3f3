import type { ReactNode } from 'react';
import { Badge } from '@chakra-ui/react';
import { YEARLY_DISCOUNT_LABEL } from '@/domain/billing-plans';
import type { BillingFrequency } from '@/domain/plan-catalog';
import { SegmentSwitch } from '@/components/segment-switch';

interface FrequencySwitchProps {
  value: BillingFrequency;
  onChange: (frequency: BillingFrequency) => void;
}

const items: ReadonlyArray<{ value: BillingFrequency; label: ReactNode }> = [
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

const isFrequency = (value: string | null): value is BillingFrequency => value === 'MONTHLY' || value === 'ANNUALY';

/** Monthly or Yearly (SPEC.md §4 Billing; yearly shows '- 10%'). */
export function FrequencySwitch({ value, onChange }: FrequencySwitchProps) {
  return <SegmentSwitch label="Billing period" items={items} value={value} isValue={isFrequency} onChange={onChange} />;
}
