import { Box } from '@chakra-ui/react';

interface JsonBoxProps {
  /** The box's name, as a screen reader announces its focus stop ("Response JSON"). */
  label: string;
  children: string;
  /** Taller text scrolls inside the box. */
  maxH: string;
  /** A failed answer: the border says so. */
  failed?: boolean;
  size?: 'sm' | 'xs';
}

/**
 * JSON as it was sent or received, in a box of its own. A scrollable box takes the focus so the
 * keyboard can scroll it, and a role gives that focus stop a name screen readers announce (an
 * aria-label on a bare <pre> is ignored). Long lines (an error's message, a hash) wrap at every
 * width instead of running past the box's edge.
 */
export function JsonBox({ label, children, maxH, failed = false, size = 'sm' }: JsonBoxProps) {
  return (
    <Box
      as="pre"
      role="region"
      tabIndex={0}
      aria-label={label}
      fontFamily="mono"
      fontSize={size}
      bg="bg.muted"
      borderWidth="1px"
      borderColor={failed ? 'red.300' : 'border'}
      rounded="md"
      p={size === 'sm' ? '4' : '2'}
      maxH={maxH}
      overflow="auto"
      whiteSpace="pre-wrap"
      overflowWrap="anywhere"
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
    >
      {children}
    </Box>
  );
}
