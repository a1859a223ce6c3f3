import { useId } from 'react';
import { Checkbox, Stack, Text } from '@chakra-ui/react';

interface LabelledCheckboxProps {
  label: string;
  /** A longer explanation under the label; it describes the checkbox. */
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A checkbox named by its label and described by its hint; Space toggles it. */
export function LabelledCheckbox({ label, hint, checked, onChange, disabled = false }: LabelledCheckboxProps) {
  const hintId = useId();
  return (
    <Checkbox.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked === true)}
      colorPalette="blue"
      alignItems="flex-start"
      gap="3"
    >
      <Checkbox.HiddenInput aria-describedby={hintId} />
      <Checkbox.Control mt="0.5" />
      <Stack gap="1">
        <Checkbox.Label fontWeight="medium">{label}</Checkbox.Label>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      </Stack>
    </Checkbox.Root>
  );
}
