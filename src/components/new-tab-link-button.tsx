import { Button, type ButtonProps } from '@chakra-ui/react';

interface NewTabLinkButtonProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  href: string;
  /** The visible label; the accessible name adds that the link opens a new tab. */
  label: string;
}

/**
 * A link drawn as a button that opens an address outside the dashboard in a new tab, without
 * giving that page a handle on this one (rel noopener noreferrer). Its accessible name is the
 * visible label followed by '(opens in a new tab)'; a small arrow shows it to sighted users.
 */
export function NewTabLinkButton({ href, label, ...buttonProps }: NewTabLinkButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${label} (opens in a new tab)`}>
        {label}
        <span aria-hidden="true">↗</span>
      </a>
    </Button>
  );
}
