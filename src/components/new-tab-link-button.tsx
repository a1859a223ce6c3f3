import type { ReactNode } from 'react';
import { Button, type ButtonProps, VisuallyHidden } from '@chakra-ui/react';

interface NewTabLinkButtonProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  href: string;
  /** The visible label; assistive technology also hears that the link opens a new tab. */
  children: ReactNode;
}

/**
 * A link drawn as a button that opens an address outside the dashboard in a new tab, without
 * giving that page a handle on this one (rel noopener noreferrer). Its accessible name says it
 * opens a new tab, and a small arrow shows it to sighted users.
 */
export function NewTabLinkButton({ href, children, ...buttonProps }: NewTabLinkButtonProps) {
  return (
    <Button asChild {...buttonProps}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <span aria-hidden="true">↗</span>
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    </Button>
  );
}
