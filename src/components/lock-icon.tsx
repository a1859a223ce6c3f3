import { Icon, type IconProps } from '@chakra-ui/react';

/** A padlock for features the plan does not include (decorative: the text next to it says why). */
export function LockIcon(props: IconProps) {
  return (
    <Icon boxSize="4" {...props}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </svg>
    </Icon>
  );
}
