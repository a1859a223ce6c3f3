import { useEffect, useState } from 'react';
import { IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { StrokeIcon } from './stroke-icon';

interface InfoTipButtonProps {
  /** The button's name ('About the address limit'). */
  label: string;
  /** The tip, read as the button's description when it shows. */
  children: string;
}

/**
 * A small "i" button with a tip: it shows on hover, on keyboard focus, and on a click, tap, Enter
 * or Space (so it can be read on a phone too, where there is no hover, and after a scroll hid it).
 * Escape hides the tip (and only the tip, inside a dialog); so do leaving and blurring the button.
 */
export function InfoTipButton({ label, children }: InfoTipButtonProps) {
  const [open, setOpen] = useState(false);
  // Escape hides the tip only, not the dialog it sits in: caught at the window, before the
  // document-level listeners of the dialog (and of the tooltip itself) see it.
  useEffect(() => {
    if (!open) return;
    const hideTip = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
    };
    window.addEventListener('keydown', hideTip, true);
    return () => window.removeEventListener('keydown', hideTip, true);
  }, [open]);
  return (
    <Tooltip.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      closeOnClick={false}
      openDelay={150}
      positioning={{ placement: 'top' }}
    >
      <Tooltip.Trigger asChild>
        <IconButton aria-label={label} size="2xs" variant="ghost" rounded="full" onClick={() => setOpen(true)}>
          <StrokeIcon boxSize="4">
            <circle cx="12" cy="12" r="10" />
            <path d="M12 16v-4M12 8h.01" />
          </StrokeIcon>
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="72" fontSize="sm">
            {children}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
