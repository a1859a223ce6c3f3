import { useId } from 'react';
import { Badge, HStack, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';

export interface ChoiceCard<V extends string> {
  value: V;
  title: string;
  description: string;
  /** A short tag beside the title ('Free'). */
  badge?: string;
}

interface ChoiceCardGroupProps<V extends string> {
  /** The group's name. */
  label: string;
  /** Only for assistive technology, when a heading just above says the same. */
  hideLabel?: boolean;
  choices: readonly ChoiceCard<V>[];
  /** Null: nothing chosen yet (no radio checked). */
  value: V | null;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/**
 * One choice among a few, drawn as cards side by side (stacked on a phone): a radio group, so Tab
 * enters it and the arrow keys move the choice. Each radio is named by its card's title and
 * described by its text.
 */
export function ChoiceCardGroup<V extends string>({
  label,
  hideLabel = false,
  choices,
  value,
  onChange,
  disabled = false,
}: ChoiceCardGroupProps<V>) {
  const id = useId();
  return (
    <RadioGroup.Root
      value={value}
      disabled={disabled}
      colorPalette="blue"
      onValueChange={(details) => {
        const chosen = choices.find((choice) => choice.value === details.value);
        if (chosen) onChange(chosen.value);
      }}
    >
      <Stack gap="3">
        <RadioGroup.Label fontWeight="semibold" srOnly={hideLabel}>
          {label}
        </RadioGroup.Label>
        <SimpleGrid columns={{ base: 1, md: Math.min(choices.length, 3) }} gap="3">
          {choices.map((choice) => (
            <RadioGroup.Item
              key={choice.value}
              value={choice.value}
              alignItems="flex-start"
              gap="3"
              p="4"
              borderWidth="1px"
              borderColor="border"
              rounded="lg"
              cursor="pointer"
              _hover={{ bg: 'bg.subtle' }}
              _checked={{ borderColor: 'blue.solid', bg: 'blue.subtle', boxShadow: '0 0 0 1px var(--chakra-colors-blue-solid)' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '2px' }}
              _disabled={{ cursor: 'not-allowed', opacity: 0.6 }}
            >
              <RadioGroup.ItemHiddenInput aria-labelledby={`${id}-${choice.value}`} aria-describedby={`${id}-${choice.value}-text`} />
              <RadioGroup.ItemIndicator mt="0.5" />
              <Stack gap="1" minW="0">
                <HStack gap="2" wrap="wrap">
                  <RadioGroup.ItemText id={`${id}-${choice.value}`} fontWeight="medium">
                    {choice.title}
                  </RadioGroup.ItemText>
                  {choice.badge ? (
                    <Badge colorPalette="green" size="sm">
                      {choice.badge}
                    </Badge>
                  ) : null}
                </HStack>
                <Text id={`${id}-${choice.value}-text`} fontSize="sm" color="fg.muted">
                  {choice.description}
                </Text>
              </Stack>
            </RadioGroup.Item>
          ))}
        </SimpleGrid>
      </Stack>
    </RadioGroup.Root>
  );
}
