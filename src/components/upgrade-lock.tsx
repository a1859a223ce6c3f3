import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/domain/paths';
import { LockIcon } from './lock-icon';

/**
 * A paid feature on the Free plan (SPEC.md §6): 'Upgrade Required', what the feature would show,
 * and the way to /billing. RPC Metrics and the request log of /usage show the same lock.
 */
export function UpgradeLock({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="6" px="4" bg="bg.subtle" rounded="md" borderWidth="1px" borderStyle="dashed">
      <Badge colorPalette="orange" size="lg" gap="1.5">
        <LockIcon />
        Upgrade Required
      </Badge>
      <Text maxW="md">{children}</Text>
      <Button asChild colorPalette="blue" size="sm">
        <Link href={paths.billing}>Upgrade Plan</Link>
      </Button>
    </Stack>
  );
}
