import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { STRENGTH_BARS, passwordStrength, type PasswordStrengthScore } from '@/domain/password-rules';

/** Colour of the filled bars by score: red while weak, green once every rule is met. */
const BAR_COLOR: Record<PasswordStrengthScore, string> = {
  0: 'red.500',
  1: 'red.500',
  2: 'orange.400',
  3: 'yellow.400',
  4: 'teal.400',
  5: 'green.500',
};

/** The bars by position, 0 first: a bar's position is what it stands for, so it is its key. */
const BARS = Array.from({ length: STRENGTH_BARS }, (_, position) => position);

/** Five bars, one per password rule met, and the strength label (SPEC.md §4, §9). */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Stack gap="1" id={id}>
      <HStack
        gap="1"
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={STRENGTH_BARS}
        aria-valuenow={score}
        aria-valuetext={label}
      >
        {BARS.map((bar) => (
          <Box
            key={bar}
            flex="1"
            h="1.5"
            borderRadius="full"
            bg={bar < score ? BAR_COLOR[score] : 'bg.emphasized'}
            data-filled={bar < score}
          />
        ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        Password strength: {label}
      </Text>
    </Stack>
  );
}
