import { Field, Input } from '@chakra-ui/react';

interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The required Email field of the sign-in screens, filled in by the browser's saved address. */
export function EmailField({ value, onChange, disabled = false }: EmailFieldProps) {
  return (
    <Field.Root required disabled={disabled}>
      <Field.Label>
        Email
        <Field.RequiredIndicator />
      </Field.Label>
      <Input type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.currentTarget.value)} />
    </Field.Root>
  );
}
