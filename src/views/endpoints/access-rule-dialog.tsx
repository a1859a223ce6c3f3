import { useRef, type FormEvent } from 'react';
import { Button, CloseButton, Dialog, Field, Flex, Input, List, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type accessControlEditorMachine,
  selectAllowNoOrigin,
  selectDraft,
  selectDraftError,
  selectIsFull,
  selectIsOpen,
  selectIsSaving,
  selectKind,
  selectSaveError,
  selectValues,
} from '@machines/access-control-editor';
import { ErrorAlert } from '@/components/error-alert';
import { LabelledCheckbox } from '@/components/labelled-checkbox';
import { ModalDialog } from '@/components/modal-dialog';
import { ACCESS_MESSAGES } from '@/domain/access-control';
import { ACCESS_RULE_TEXT, NO_ORIGIN_HINT, NO_ORIGIN_LABEL, NO_VALUES_SET, domainsRefusal } from './access-rules';

interface AccessRuleDialogProps {
  editor: ActorRefFrom<typeof accessControlEditorMachine>;
}

/**
 * The modal of one rule (SPEC.md "Endpoints"): its values with a remove button each, a field to
 * add one (Enter adds; the SPEC.md §5 message shows under the field), Cancel and Save Changes.
 * Chakra's dialog traps focus and closes on Escape, except while saving.
 */
export function AccessRuleDialog({ editor }: AccessRuleDialogProps) {
  const isOpen = useSelector(editor, selectIsOpen);
  const kind = useSelector(editor, selectKind);
  const values = useSelector(editor, selectValues);
  const draft = useSelector(editor, selectDraft);
  const draftError = useSelector(editor, selectDraftError);
  const saveError = useSelector(editor, selectSaveError);
  const isSaving = useSelector(editor, selectIsSaving);
  const isFull = useSelector(editor, selectIsFull);
  const allowNoOrigin = useSelector(editor, selectAllowNoOrigin);
  const input = useRef<HTMLInputElement>(null);
  const { title, valueLabel, placeholder, help } = ACCESS_RULE_TEXT[kind];

  const add = (event: FormEvent) => {
    event.preventDefault();
    editor.send({ type: 'rule.add' });
  };

  return (
    <ModalDialog
      open={isOpen}
      title={`Edit ${title}`}
      busy={isSaving}
      onCancel={() => editor.send({ type: 'rule.cancel' })}
      initialFocusEl={() => input.current}
      scrollInside
      footer={
        <>
          <Button variant="outline" disabled={isSaving} onClick={() => editor.send({ type: 'rule.cancel' })}>
            Cancel
          </Button>
          <Button colorPalette="blue" loading={isSaving} loadingText="Saving..." onClick={() => editor.send({ type: 'rule.save' })}>
            Save Changes
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Dialog.Description color="fg.muted">{help}</Dialog.Description>
        <form onSubmit={add} noValidate>
          <Field.Root invalid={draftError !== null} disabled={isSaving}>
            <Field.Label>{valueLabel}</Field.Label>
            <Flex gap="2" w="full">
              <Input
                ref={input}
                value={draft}
                placeholder={placeholder}
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                onChange={(event) => editor.send({ type: 'rule.draft', value: event.currentTarget.value })}
              />
              {/* A disabled submit button also stops Enter from submitting the form. */}
              <Button type="submit" variant="outline" disabled={isSaving || isFull}>
                Add
              </Button>
            </Flex>
            <Field.ErrorText>{draftError}</Field.ErrorText>
            {isFull && draftError === null ? <Field.HelperText>{ACCESS_MESSAGES.full}</Field.HelperText> : null}
          </Field.Root>
        </form>
        {values.length === 0 ? (
          <Text fontStyle="italic" color="fg.muted">
            {NO_VALUES_SET}
          </Text>
        ) : (
          <List.Root aria-label={`${title} to save`} variant="plain" gap="1">
            {values.map((value) => (
              <List.Item key={value} display="flex" alignItems="center" justifyContent="space-between" gap="2">
                <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                  {value}
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${value}`}
                  disabled={isSaving}
                  onClick={() => editor.send({ type: 'rule.remove', value })}
                />
              </List.Item>
            ))}
          </List.Root>
        )}
        {kind === 'domains' ? (
          <Stack gap="2">
            <LabelledCheckbox
              label={NO_ORIGIN_LABEL}
              hint={NO_ORIGIN_HINT}
              checked={allowNoOrigin}
              disabled={isSaving}
              onChange={(allow) => editor.send({ type: 'rule.originless.set', allow })}
            />
            <Text fontSize="sm" data-testid="domains-refusal">
              {values.length > 0 ? domainsRefusal(allowNoOrigin) : 'With no domain, no call is refused for its Origin.'}
            </Text>
          </Stack>
        ) : null}
        {saveError ? <ErrorAlert message={saveError} /> : null}
      </Stack>
    </ModalDialog>
  );
}
