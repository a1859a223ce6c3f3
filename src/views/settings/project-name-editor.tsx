import { useId } from 'react';
import { Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { PROJECT_NAME_BLANK, PROJECT_NAME_MAX_LENGTH } from '@/domain/project-settings';
import { useInlineEditField } from '@/hooks/use-inline-edit-field';

interface ProjectNameEditorProps {
  draft: string;
  blank: boolean;
  saving: boolean;
  error: string | null;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}

/**
 * The project name's field while editing: Enter saves, Escape cancels (SPEC.md §4), a blank name
 * is not saved and the field says so. It takes the focus when it opens.
 */
export function ProjectNameEditor({ draft, blank, saving, error, onChange, onSave, onCancel }: ProjectNameEditorProps) {
  const { ref: input, onKeyDown } = useInlineEditField(onSave, onCancel);
  const messageId = useId();
  const message = blank ? PROJECT_NAME_BLANK : error;

  return (
    <Stack gap="2" w="full">
      {/* Read-only, not disabled, while saving: a disabled field loses the focus, which a refusal must find again. */}
      <Field.Root invalid={message !== null} readOnly={saving}>
        <Field.Label>Project name</Field.Label>
        <Input
          ref={input}
          value={draft}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        {message ? (
          <Field.ErrorText id={messageId} aria-live="polite">
            {message}
          </Field.ErrorText>
        ) : (
          <Field.HelperText>Enter saves, Escape cancels.</Field.HelperText>
        )}
      </Field.Root>
      <HStack gap="2">
        <Button size="sm" colorPalette="blue" onClick={onSave} disabled={blank} loading={saving} loadingText="Saving...">
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
