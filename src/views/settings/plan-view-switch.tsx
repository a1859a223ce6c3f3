import { useId } from 'react';
import { SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { PLAN_VIEWS, PLAN_VIEW_LABELS, type PlanView, isPlanView } from '@/domain/project-settings';

interface PlanViewSwitchProps {
  value: PlanView;
  onChange: (view: PlanView) => void;
}

const items = PLAN_VIEWS.map((view) => ({ value: view, label: PLAN_VIEW_LABELS[view] }));

/**
 * SPEC.md "Settings (demo)": the toggle between 'Free Plan View' (the account as it is) and
 * 'Premium Plan Demo' (these settings on the Professional plan). A radio group drawn as a
 * segmented control: arrow keys move between the two.
 */
export function PlanViewSwitch({ value, onChange }: PlanViewSwitchProps) {
  const labelId = useId();
  return (
    <Stack gap="1.5" align={{ base: 'stretch', md: 'flex-end' }}>
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        Plan shown
      </Text>
      <SegmentGroup.Root
        aria-labelledby={labelId}
        size="sm"
        value={value}
        onValueChange={(details) => {
          if (isPlanView(details.value)) onChange(details.value);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} />
      </SegmentGroup.Root>
    </Stack>
  );
}
