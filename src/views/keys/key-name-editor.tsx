import { useId } from 'react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { useInlineEditField } from '@/hooks/use-inline-edit-field';

interface KeyNameEditorProps {
  /** The key's current name, to name the field for assistive technology. */
  name: string;
  draft: string;
  saving: boolean;
  canSave: boolean;
  error: string | null;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The inline rename field (SPEC.md §4): Enter saves, Escape cancels, a blank name is not saved.
 * It takes the focus when it opens, so a keyboard user types straight away.
 */
export function KeyNameEditor({ name, draft, saving, canSave, error, onChange, onSave, onCancel }: KeyNameEditorProps) {
  const { ref: input, onKeyDown } = useInlineEditField(onSave, onCancel);
  const errorId = useId();
  const blank = draft.trim() === '';

  return (
    <Stack gap="2" w="full">
      {/* Read-only, not disabled, while saving: a disabled field loses the focus, which a refusal must find again. */}
      <Field.Root invalid={blank || error !== null} readOnly={saving}>
        <Field.Label srOnly>New name for {name}</Field.Label>
        <Input
          ref={input}
          size="sm"
          value={draft}
          maxLength={100}
          aria-describedby={blank || error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {blank || error ? <Field.ErrorText id={errorId}>{blank ? 'A key name cannot be blank.' : error}</Field.ErrorText> : null}
      </Field.Root>
      <HStack gap="2">
        <Button size="xs" colorPalette="blue" onClick={onSave} disabled={!canSave} loading={saving} loadingText="Saving...">
          Save
        </Button>
        <Button size="xs" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
