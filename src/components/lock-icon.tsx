import type { IconProps } from '@chakra-ui/react';
import { StrokeIcon } from './stroke-icon';

/** A padlock for features the plan does not include (decorative: the text next to it says why). */
export function LockIcon(props: IconProps) {
  return (
    <StrokeIcon boxSize="4" {...props}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </StrokeIcon>
  );
}
