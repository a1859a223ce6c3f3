import type { ReactNode } from 'react';
import { Dialog, Portal } from '@chakra-ui/react';

interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  /** Work under way (saving, deleting, starting a payment): Escape and a click outside do not close it. */
  busy: boolean;
  /** Escape, a click outside or the close of the dialog (not while busy). */
  onCancel: () => void;
  /** 'alertdialog' for a destructive confirmation. */
  role?: 'dialog' | 'alertdialog';
  /** What takes the focus when it opens (the first focusable element otherwise). */
  initialFocusEl?: () => HTMLElement | null;
  /** Long content scrolls inside the dialog, centred on the screen. */
  scrollInside?: boolean;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * The app's modal: Chakra's dialog (focus trapped, labelled by its title, Escape and a click
 * outside cancel) mounted only while open, and never closed by either while `busy`.
 */
export function ModalDialog({
  open,
  title,
  busy,
  onCancel,
  role,
  initialFocusEl,
  scrollInside = false,
  footer,
  children,
}: ModalDialogProps) {
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onCancel();
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
      {...(initialFocusEl === undefined ? {} : { initialFocusEl })}
      {...(scrollInside ? { placement: 'center', scrollBehavior: 'inside' } : {})}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              {children}
            </Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
