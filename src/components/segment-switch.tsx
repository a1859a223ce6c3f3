import { type ReactNode, useId } from 'react';
import { Flex, type FlexProps, SegmentGroup, Text } from '@chakra-ui/react';

export interface SegmentSwitchProps<Value extends string> {
  /** The group's visible label, which names it for assistive technology. */
  label: string;
  items: ReadonlyArray<{ value: Value; label: ReactNode }>;
  value: Value;
  /** Tells the caller's values from any other string the group could report. */
  isValue: (value: string | null) => value is Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
  /**
   * Where the label sits: beside the group (default), above it and aligned with it at the end of a
   * header (`stacked`), or above it at its start like a form field's (`field`).
   */
  layout?: 'inline' | 'stacked' | 'field';
}

const layouts: Record<'inline' | 'stacked' | 'field', FlexProps> = {
  inline: { direction: 'row', gap: '3', wrap: 'wrap', align: 'center' },
  stacked: { direction: 'column', gap: '1.5', align: { base: 'stretch', md: 'flex-end' } },
  field: { direction: 'column', gap: '1.5', align: 'flex-start' },
};

/** A labelled radio group drawn as a segmented control: arrow keys move between the choices. */
export function SegmentSwitch<Value extends string>({
  label,
  items,
  value,
  isValue,
  onChange,
  disabled = false,
  layout = 'inline',
}: SegmentSwitchProps<Value>) {
  const labelId = useId();
  return (
    <Flex {...layouts[layout]}>
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <SegmentGroup.Root
        aria-labelledby={labelId}
        size="sm"
        value={value}
        disabled={disabled}
        onValueChange={(details) => {
          if (isValue(details.value)) onChange(details.value);
        }}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={[...items]} />
      </SegmentGroup.Root>
    </Flex>
  );
}
