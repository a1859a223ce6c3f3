import { Button, type ButtonProps, VisuallyHidden } from '@chakra-ui/react';

interface CopyButtonProps {
  /** What is copied, read after 'Copy' by assistive technology: 'RPC URL' → 'Copy RPC URL'. */
  label: string;
  /** True for the 2 s after a copy: the button reads 'Copied!' (SPEC.md "/keys", §9). */
  copied: boolean;
  /** True for as long when the browser refused to copy. */
  failed?: boolean;
  onCopy: () => void;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * A Copy button that reads 'Copied!' after copying. It only shows the state it is given: how long
 * 'Copied!' lasts is decided by a machine (machines/copy-feedback.ts), never by a
 * timer here. The change is also announced politely to screen readers.
 */
export function CopyButton({ label, copied, failed = false, onCopy, size = 'sm', variant = 'outline' }: CopyButtonProps) {
  const feedback = copied ? 'Copied!' : failed ? 'Copy failed' : null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={onCopy}
        minW="20"
        colorPalette={failed ? 'red' : copied ? 'green' : 'gray'}
        // The visible word starts the name ('Copy' → 'Copy RPC URL'); the feedback names itself.
        aria-label={feedback ? undefined : `Copy ${label}`}
      >
        {feedback ?? 'Copy'}
      </Button>
      <VisuallyHidden aria-live="polite">
        {copied ? `${label} copied to the clipboard` : failed ? `Could not copy the ${label}` : ''}
      </VisuallyHidden>
    </>
  );
}
