import { Badge, Code, Flex, Stack, Text } from '@chakra-ui/react';

/** Said of every address this server does not answer yet. */
export const NOT_AVAILABLE_YET = 'This server does not answer this address yet.';
export const NOT_AVAILABLE_BADGE = 'Not available yet';

interface UnavailableUrlProps {
  label: string;
  /** The address it will have, or null when none can be shown (an API reached by IP address). */
  plannedUrl: string | null;
}

/**
 * An address of SPEC.md §7 that no server answers yet: its name, a plain statement that it is not
 * available, and the address it will have when there is one — as text, with no Copy button, so
 * nobody pastes a dead URL into an app.
 */
export function UnavailableUrl({ label, plannedUrl }: UnavailableUrlProps) {
  return (
    <Stack gap="1.5" role="group" aria-label={label}>
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="medium" fontSize="sm">
          {label}
        </Text>
        <Badge colorPalette="gray" variant="subtle" size="sm">
          {NOT_AVAILABLE_BADGE}
        </Badge>
      </Flex>
      <Stack gap="1" px="3" py="2" rounded="md" bg="bg.muted" fontSize="sm">
        <Text color="fg.muted">{NOT_AVAILABLE_YET}</Text>
        {plannedUrl === null ? null : (
          <Text color="fg.muted">
            It will be{' '}
            <Code variant="plain" color="fg" fontSize="sm" wordBreak="break-all" px="0">
              {plannedUrl}
            </Code>
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
