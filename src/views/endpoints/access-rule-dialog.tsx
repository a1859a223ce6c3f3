import { useRef } from 'react';
import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
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
import { ValueAdder, ValueList } from '@/components/value-list-editor';
import { ACCESS_MESSAGES } from '@/domain/access-control';
import { ACCESS_RULE_TEXT, NO_ORIGIN_HINT, NO_ORIGIN_LABEL, NO_VALUES_SET, domainsRefusal } from '@/domain/access-rule-text';

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
        <ValueAdder
          label={valueLabel}
          draft={draft}
          error={draftError}
          fullText={isFull ? ACCESS_MESSAGES.full : null}
          disabled={isSaving}
          placeholder={placeholder}
          inputRef={input}
          onDraft={(value) => editor.send({ type: 'rule.draft', value })}
          onAdd={() => editor.send({ type: 'rule.add' })}
        />
        <ValueList
          label={`${title} to save`}
          values={values}
          emptyText={NO_VALUES_SET}
          disabled={isSaving}
          onRemove={(value) => editor.send({ type: 'rule.remove', value })}
        />
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
