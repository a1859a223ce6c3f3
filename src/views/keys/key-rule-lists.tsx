import type { ReactNode } from 'react';
import { Field, Fieldset, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { keyRulesEditorMachine } from '@machines/key-rules-editor';
import * as rules from '@machines/key-rules-editor.selectors';
import { RadioChoices } from '@/components/radio-choices';
import { ValueAdder, ValueList } from '@/components/value-list-editor';
import { ACCESS_MESSAGES, type AccessKind, isAccessListFull } from '@/domain/access-control';
import { ACCESS_RULE_TEXT, NO_VALUES_SET } from '@/domain/access-rule-text';
import { CALL_RULE_TEXT, KEY_CAP_TEXT, KEY_CAPS_HELP, KEY_CAPS_TITLE, USE_OWN_LIST, USE_PROJECT_LIST } from '@/domain/key-rule-text';
import { type CallRuleKind, KEY_CAP_PERIODS, type KeyCapPeriod, type KeyRuleKind } from '@/domain/key-rules';

type Editor = ActorRefFrom<typeof keyRulesEditorMachine>;

const TEXT = { ...ACCESS_RULE_TEXT, ...CALL_RULE_TEXT };
const LIST_CHOICES = [
  { value: 'project', label: USE_PROJECT_LIST },
  { value: 'own', label: USE_OWN_LIST },
] as const;

/** One of the project's kinds: the project's list (shown read-only) or the key's own (edited). */
export function AccessListChoice({ editor, kind }: { editor: Editor; kind: AccessKind }) {
  const own = useSelector(editor, rules.selectList(kind));
  const project = useSelector(editor, rules.selectProjectList(kind));
  const isSaving = useSelector(editor, rules.selectIsSaving);
  const { title, help } = ACCESS_RULE_TEXT[kind];
  return (
    <Stack gap="3">
      <RadioChoices
        label={title}
        hint={help}
        choices={LIST_CHOICES}
        value={own === null ? 'project' : 'own'}
        disabled={isSaving}
        onChange={(choice) => editor.send({ type: 'rules.own.set', kind, own: choice === 'own' })}
      />
      <Stack gap="3" pl="6">
        {own === null ? <ProjectValues label={`${title} of the project`} values={project} /> : <OwnList editor={editor} kind={kind} />}
      </Stack>
    </Stack>
  );
}

/** The key's own methods or contracts: always its own. */
export function CallList({ editor, kind }: { editor: Editor; kind: CallRuleKind }) {
  const { title, help } = CALL_RULE_TEXT[kind];
  return (
    <RuleFieldset title={title} help={help}>
      <OwnList editor={editor} kind={kind} />
    </RuleFieldset>
  );
}

/** One of the key's own rules: its title, what it does, and its fields. */
function RuleFieldset({ title, help, children }: { title: string; help: string; children: ReactNode }) {
  return (
    <Fieldset.Root gap="2">
      <Fieldset.Legend fontWeight="semibold" fontSize="sm" color="fg" mb="2">
        {title}
      </Fieldset.Legend>
      <Fieldset.HelperText fontSize="sm" color="fg.muted">
        {help}
      </Fieldset.HelperText>
      <Fieldset.Content gap="3" mt="1">
        {children}
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

/** The key's spend caps: credits per UTC day and per billing cycle, each empty for none. */
export function SpendCaps({ editor }: { editor: Editor }) {
  return (
    <RuleFieldset title={KEY_CAPS_TITLE} help={KEY_CAPS_HELP}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {KEY_CAP_PERIODS.map((period) => (
          <CapField key={period} editor={editor} period={period} />
        ))}
      </SimpleGrid>
    </RuleFieldset>
  );
}

function CapField({ editor, period }: { editor: Editor; period: KeyCapPeriod }) {
  const value = useSelector(editor, rules.selectCap(period));
  const error = useSelector(editor, rules.selectCapError(period));
  const isSaving = useSelector(editor, rules.selectIsSaving);
  const { label, hint } = KEY_CAP_TEXT[period];
  return (
    <Field.Root invalid={error !== null} disabled={isSaving}>
      <Field.Label>{label}</Field.Label>
      <Input
        inputMode="numeric"
        autoComplete="off"
        placeholder="No cap"
        value={value}
        onChange={(event) => editor.send({ type: 'rules.cap.set', period, value: event.currentTarget.value })}
      />
      {error === null ? <Field.HelperText>{hint}</Field.HelperText> : <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** The add field (a select of the methods not chosen yet, for methods) and the values with Remove. */
function OwnList({ editor, kind }: { editor: Editor; kind: KeyRuleKind }) {
  const values = useSelector(editor, rules.selectList(kind)) ?? [];
  const draft = useSelector(editor, rules.selectDraft(kind));
  const error = useSelector(editor, rules.selectDraftError(kind));
  const isSaving = useSelector(editor, rules.selectIsSaving);
  const { title, valueLabel, placeholder } = TEXT[kind];
  return (
    <>
      <ValueAdder
        label={valueLabel}
        addLabel={`Add to ${title}`}
        draft={draft}
        error={error}
        fullText={isAccessListFull(values) ? ACCESS_MESSAGES.full : null}
        disabled={isSaving}
        placeholder={placeholder}
        {...(kind === 'methods' ? { choices: rules.methodChoices(values) } : {})}
        onDraft={(value) => editor.send({ type: 'rules.draft', kind, value })}
        onAdd={() => editor.send({ type: 'rules.add', kind })}
      />
      <ValueList
        label={`${title} of this key`}
        values={values}
        emptyText={NO_VALUES_SET}
        disabled={isSaving}
        onRemove={(value) => editor.send({ type: 'rules.remove', kind, value })}
      />
    </>
  );
}

function ProjectValues({ label, values }: { label: string; values: readonly string[] }) {
  if (values.length === 0) {
    return (
      <Text fontStyle="italic" color="fg.muted">
        {NO_VALUES_SET}
      </Text>
    );
  }
  return (
    <List.Root aria-label={label} variant="plain" gap="1" fontFamily="mono" fontSize="sm">
      {values.map((value) => (
        <List.Item key={value} wordBreak="break-all">
          {value}
        </List.Item>
      ))}
    </List.Root>
  );
}
