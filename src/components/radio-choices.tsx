import { useId } from 'react';
import { RadioGroup, Stack, Text } from '@chakra-ui/react';

export interface RadioChoice<V extends string> {
  value: V;
  label: string;
}

interface RadioChoicesProps<V extends string> {
  /** The group's visible label, which names it. */
  label: string;
  /** A sentence under the label; it describes the group. */
  hint?: string;
  choices: readonly RadioChoice<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** One choice among a few, as a labelled group of radios one under the other: arrow keys move the choice. */
export function RadioChoices<V extends string>({ label, hint, choices, value, onChange, disabled = false }: RadioChoicesProps<V>) {
  const hintId = useId();
  return (
    <RadioGroup.Root
      value={value}
      disabled={disabled}
      colorPalette="blue"
      size="sm"
      aria-describedby={hint === undefined ? undefined : hintId}
      onValueChange={(details) => {
        const chosen = choices.find((choice) => choice.value === details.value);
        if (chosen) onChange(chosen.value);
      }}
    >
      <Stack gap="2">
        <RadioGroup.Label fontWeight="semibold">{label}</RadioGroup.Label>
        {hint === undefined ? null : (
          <Text id={hintId} fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        )}
        {choices.map((choice) => (
          <RadioGroup.Item key={choice.value} value={choice.value} alignItems="flex-start">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator mt="0.5" />
            <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}
