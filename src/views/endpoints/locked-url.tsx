import { Link } from 'wouter';
import { Flex, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/domain/paths';
import { LockIcon } from '@/components/lock-icon';
import { useOpensHref } from '@/hooks/acting-project';

interface LockedUrlProps {
  label: string;
  /** The SPEC.md §6 message saying which plan enables it. */
  message: string;
}

/** A URL the user's plan does not include: its name, why, and the way to /billing. */
export function LockedUrl({ label, message }: LockedUrlProps) {
  const opens = useOpensHref();
  return (
    <Stack gap="1.5" role="group" aria-label={label}>
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <Flex gap="2" align="center" wrap="wrap" px="3" py="2" rounded="md" bg="bg.muted" color="fg.muted" fontSize="sm">
        <LockIcon />
        <Text flex="1" minW="48">
          {message}
        </Text>
        {opens(paths.billing) ? (
          <ChakraLink asChild colorPalette="blue" fontWeight="medium">
            <Link href={paths.billing}>View plans</Link>
          </ChakraLink>
        ) : null}
      </Flex>
    </Stack>
  );
}
