import { useId } from 'react';
import { Field, Input, List, Stack } from '@chakra-ui/react';
import { PasswordStrengthMeter } from './password-strength-meter';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Messages shown under the field (failed rules, or the mismatch). */
  problems?: readonly string[];
  /** Shows the 5-bar strength meter under the field. */
  withStrengthMeter?: boolean;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
}

/** A password input with its label, and optionally the strength meter and the rules it still breaks. */
export function PasswordField({
  label,
  value,
  onChange,
  problems = [],
  withStrengthMeter = false,
  autoComplete,
  disabled,
}: PasswordFieldProps) {
  const problemsId = useId();
  const showProblems = value !== '' && problems.length > 0;
  return (
    <Field.Root required invalid={showProblems} disabled={disabled}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        type="password"
        value={value}
        autoComplete={autoComplete}
        aria-describedby={showProblems ? problemsId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {withStrengthMeter ? (
        <Stack w="full" mt="1">
          <PasswordStrengthMeter password={value} />
        </Stack>
      ) : null}
      {showProblems ? (
        <List.Root id={problemsId} fontSize="sm" color="fg.error" ps="4" mt="1" gap="0.5">
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List.Root>
      ) : null}
    </Field.Root>
  );
}
