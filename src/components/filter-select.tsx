import type { ReactNode } from 'react';
import { Field, NativeSelect } from '@chakra-ui/react';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled native select of a filter row: full width on a phone, a fixed width beside others from `sm`. */
export function FilterSelect({ label, value, onChange, disabled = false, children }: FilterSelectProps) {
  return (
    <Field.Root w={{ base: 'full', sm: 'auto' }} minW="0" disabled={disabled}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm" w={{ base: 'full', sm: '48' }}>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
