import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A decorative line icon on a 24-unit grid, drawn in the text's colour; inline, so no icon library is loaded. */
export function StrokeIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Icon {...props}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </Icon>
  );
}
