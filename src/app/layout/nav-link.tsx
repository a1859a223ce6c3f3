import { Link } from 'wouter';
import { Badge, Link as ChakraLink } from '@chakra-ui/react';
import type { NavEntry } from '@/domain/route-reading';

interface NavLinkProps {
  entry: NavEntry;
  active: boolean;
  onNavigate?: (() => void) | undefined;
}

/** Shared look of a sidebar row (also used by the external Documentation link). */
export const navRowStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  width: 'full',
  px: '3',
  py: '2',
  rounded: 'md',
  color: 'fg',
  fontWeight: 'medium',
  textDecoration: 'none',
  _hover: { bg: 'gray.100', textDecoration: 'none' },
  focusRingColor: 'blue.600',
} as const;

export function NavLink({ entry, active, onNavigate }: NavLinkProps) {
  return (
    <Link href={entry.href} asChild onClick={onNavigate}>
      <ChakraLink {...navRowStyle} aria-current={active ? 'page' : undefined} _currentPage={{ bg: 'blue.50', color: 'blue.800' }}>
        {entry.label}
        {entry.soon ? (
          <Badge size="sm" variant="subtle" colorPalette="gray">
            Soon
          </Badge>
        ) : null}
      </ChakraLink>
    </Link>
  );
}
