import { Button, Separator, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { keyRulesEditorMachine } from '@machines/key-rules-editor';
import * as rules from '@machines/key-rules-editor.selectors';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { ModalDialog } from '@/components/modal-dialog';
import { RadioChoices } from '@/components/radio-choices';
import { ACCESS_KINDS } from '@/domain/access-control';
import { NO_ORIGIN_LABEL } from '@/domain/access-rule-text';
import {
  ORIGIN_CHOICE_HELP,
  ORIGIN_CHOICE_TITLE,
  REFUSE_NO_ORIGIN_LABEL,
  keyRulesSaved,
  keyRulesTitle,
  projectOriginLabel,
} from '@/domain/key-rule-text';
import { CALL_RULE_KINDS } from '@/domain/key-rules';
import { AccessListChoice, CallList, SpendCaps } from './key-rule-lists';

type Editor = ActorRefFrom<typeof keyRulesEditorMachine>;

/**
 * A key's own access rules (machines/key-rules-editor.ts): read when it opens, then the project's
 * three lists (each the project's or the key's own), the Origin choice, the key's methods and
 * contracts, its spend caps; Save Changes replaces them all. Focus is trapped; Escape closes it unless saving.
 */
export function KeyRulesDialog({ editor, name }: { editor: Editor; name: string }) {
  const isOpen = useSelector(editor, rules.selectIsOpen);
  const isLoaded = useSelector(editor, rules.selectIsLoaded);
  const loadError = useSelector(editor, rules.selectLoadError);
  const saveError = useSelector(editor, rules.selectSaveError);
  const isSaving = useSelector(editor, rules.selectIsSaving);
  const cancel = () => editor.send({ type: 'rules.cancel' });

  return (
    <ModalDialog
      open={isOpen}
      title={keyRulesTitle(name)}
      busy={isSaving}
      onCancel={cancel}
      scrollInside
      footer={
        <>
          <Button variant="outline" disabled={isSaving} onClick={cancel}>
            Cancel
          </Button>
          <Button
            colorPalette="blue"
            disabled={!isLoaded}
            loading={isSaving}
            loadingText="Saving..."
            onClick={() => editor.send({ type: 'rules.save' })}
          >
            Save Changes
          </Button>
        </>
      }
    >
      {isLoaded ? (
        <Stack gap="5" separator={<Separator />}>
          {ACCESS_KINDS.map((kind) => (
            <AccessListChoice key={kind} editor={editor} kind={kind} />
          ))}
          <OriginChoice editor={editor} />
          {CALL_RULE_KINDS.map((kind) => (
            <CallList key={kind} editor={editor} kind={kind} />
          ))}
          <SpendCaps editor={editor} />
        </Stack>
      ) : loadError !== null ? (
        <Stack gap="3" align="flex-start">
          <ErrorAlert message={loadError} />
          <Button size="sm" variant="outline" onClick={() => editor.send({ type: 'rules.retry' })}>
            Retry
          </Button>
        </Stack>
      ) : (
        <LoadingScreen label="Loading the key's rules..." />
      )}
      {saveError ? <ErrorAlert message={saveError} /> : null}
    </ModalDialog>
  );
}

/** Calls without an Origin: the project's choice, or the key's own accept or refuse. */
function OriginChoice({ editor }: { editor: Editor }) {
  const choice = useSelector(editor, rules.selectOriginChoice);
  const projectAccepts = useSelector(editor, rules.selectProjectAllowsNoOrigin);
  const isSaving = useSelector(editor, rules.selectIsSaving);
  return (
    <RadioChoices
      label={ORIGIN_CHOICE_TITLE}
      hint={ORIGIN_CHOICE_HELP}
      choices={[
        { value: 'project', label: projectOriginLabel(projectAccepts) },
        { value: 'accept', label: NO_ORIGIN_LABEL },
        { value: 'refuse', label: REFUSE_NO_ORIGIN_LABEL },
      ]}
      value={choice}
      disabled={isSaving}
      onChange={(value) => editor.send({ type: 'rules.origin.set', choice: value })}
    />
  );
}

/** The row's word that the last edit was stored (until the dialog opens again). */
export function KeyRulesSaved({ editor, name }: { editor: Editor; name: string }) {
  const isSaved = useSelector(editor, rules.selectIsSaved);
  return (
    <Text role="status" fontSize="sm" color="green.700" mt={isSaved ? '2' : '0'}>
      {isSaved ? keyRulesSaved(name) : ''}
    </Text>
  );
}
