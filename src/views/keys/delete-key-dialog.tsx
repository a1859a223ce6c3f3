import { useRef } from 'react';
import { Button, Dialog, Text } from '@chakra-ui/react';
import { ErrorAlert } from '@/components/error-alert';
import { ModalDialog } from '@/components/modal-dialog';

interface DeleteKeyDialogProps {
  open: boolean;
  name: string;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Confirms a key's deletion. An alert dialog: it traps the focus, starts on Cancel (the harmless
 * choice) and closes on Escape, unless the deletion is already under way.
 */
export function DeleteKeyDialog({ open, name, deleting, error, onConfirm, onCancel }: DeleteKeyDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      role="alertdialog"
      open={open}
      title="Delete API key?"
      busy={deleting}
      onCancel={onCancel}
      initialFocusEl={() => cancel.current}
      footer={
        <>
          <Button ref={cancel} variant="outline" onClick={onCancel} disabled={deleting}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText="Deleting...">
            Delete key
          </Button>
        </>
      }
    >
      <Dialog.Description asChild>
        <Text>
          <Text as="strong" wordBreak="break-word">
            {name}
          </Text>{' '}
          stops working at once: calls made with it are refused. This cannot be undone.
        </Text>
      </Dialog.Description>
      {error ? <ErrorAlert message={error} /> : null}
    </ModalDialog>
  );
}
