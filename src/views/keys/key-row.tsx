import { useRef } from 'react';
import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import * as keyRow from '@machines/key-row';
import { keyLifecycleMachine } from '@machines/key-lifecycle';
import { keyRulesEditorMachine } from '@machines/key-rules-editor';
import { selectHasOwnRules } from '@machines/key-rules-editor.selectors';
import { useFlowActor } from '@/hooks/inspection';
import { useCopyFeedback } from '@/hooks/use-copy-feedback';
import { useFocusWhenEnded } from '@/hooks/use-focus-after';
import { CopyButton } from '@/components/copy-button';
import { formatKeyDate } from '@/domain/key-display';
import { lastDayOf } from '@/domain/key-lifecycle';
import { OWN_RULES_BADGE } from '@/domain/key-rule-text';
import { KEYS_READ_ONLY } from '@/domain/roles';
import type { KeyView } from '@/domain/key-list';
import { DeleteKeyDialog } from './delete-key-dialog';
import { KeyExpiry, KeyExpiryDialog, PreviousSecret, RollKeyDialog } from './key-lifecycle';
import { KeyNameEditor } from './key-name-editor';
import { KeyRulesDialog, KeyRulesSaved } from './key-rules-dialog';
import { KeyValue } from './key-value';
import type { KeysPageActors } from './keys-page-actors';
import { cellLabel, stackedCell, stackedRow } from '@/components/stacked-table';

interface KeyRowProps {
  apiKey: KeyView;
  actors: Pick<KeysPageActors, 'keyRow' | 'keyRules' | 'keyLifecycle' | 'clipboard'>;
  /** The member's role only reads the keys (their secrets come masked): no changes, no Show or Copy. */
  readOnly?: boolean;
  /** What the expiry is told against; now unless a test fixes it. */
  now?: Date;
  /** A rename, roll, expiry change or delete went through: refresh the list and the user. */
  onKeysChanged: () => void;
  /** The row is gone: the page moves the focus somewhere that still exists. */
  onDeleted: () => void;
}

/**
 * One API key: name (renamed inline), value (Show, Copy), creation date, its own access rules and
 * Delete (machines/key-row.ts; Copy is machines/copy-feedback.ts; Rules is machines/key-rules-editor.ts,
 * which reads nothing until its dialog opens, so the 'Own rules' badge shows once they were read).
 */
export function KeyRow({ apiKey, actors, readOnly = false, onKeysChanged, onDeleted, now = new Date() }: KeyRowProps) {
  const row = useFlowActor(
    keyRow.keyRowMachine.provide({
      actors: actors.keyRow,
      actions: { keysChanged: onKeysChanged, rowDeleted: onDeleted },
    }),
    { input: { id: apiKey.id, name: apiKey.name, apiKey: apiKey.key } },
  );
  const name = useSelector(row, keyRow.selectName);
  const draft = useSelector(row, keyRow.selectDraft);
  const error = useSelector(row, keyRow.selectError);
  const isEditing = useSelector(row, keyRow.selectIsEditing);
  const isSaving = useSelector(row, keyRow.selectIsSaving);
  const canSave = useSelector(row, keyRow.selectCanSave);
  const isConfirming = useSelector(row, keyRow.selectIsConfirmingDelete);
  const isDeleting = useSelector(row, keyRow.selectIsDeleting);
  const isDeleted = useSelector(row, keyRow.selectIsDeleted);
  const isShown = useSelector(row, keyRow.selectIsShown);
  const copyKey = useCopyFeedback(actors.clipboard);
  const queryClient = useQueryClient();
  const rules = useFlowActor(keyRulesEditorMachine.provide({ actors: actors.keyRules(queryClient) }), { input: { id: apiKey.id } });
  const hasOwnRules = useSelector(rules, selectHasOwnRules);
  const lifecycle = useFlowActor(keyLifecycleMachine.provide({ actors: actors.keyLifecycle, actions: { keysChanged: onKeysChanged } }), {
    input: { id: apiKey.id, name: apiKey.name, lastDay: apiKey.expiresAt === null ? '' : lastDayOf(apiKey.expiresAt) },
  });

  // Back on Rename once an edit ends, so the keyboard user is where they were.
  const renameButton = useRef<HTMLButtonElement>(null);
  useFocusWhenEnded(renameButton, isEditing);

  if (isDeleted) return null;
  const send = row.send;
  const dateText = formatKeyDate(apiKey.createdAt);

  return (
    <Table.Row role="row" {...stackedRow}>
      <Table.Cell role="cell" {...stackedCell}>
        {isEditing ? (
          <KeyNameEditor
            name={name}
            draft={draft}
            saving={isSaving}
            canSave={canSave}
            error={error}
            onChange={(value) => send({ type: 'key.draft.change', value })}
            onSave={() => send({ type: 'key.save' })}
            onCancel={() => send({ type: 'key.edit.cancel' })}
          />
        ) : (
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-word">
              {name}
            </Text>
            {apiKey.environment ? (
              <Badge colorPalette="purple" variant="subtle">
                {apiKey.environment}
              </Badge>
            ) : null}
            {hasOwnRules ? (
              <Badge colorPalette="blue" variant="outline">
                {OWN_RULES_BADGE}
              </Badge>
            ) : null}
            <KeyExpiry expiresAt={apiKey.expiresAt} now={now} />
          </HStack>
        )}
      </Table.Cell>
      <Table.Cell role="cell" {...stackedCell}>
        <Stack gap="2">
          <KeyValue value={apiKey.key} shown={isShown} />
          {readOnly ? null : (
            <HStack gap="2" wrap="wrap">
              <Button
                size="xs"
                variant="outline"
                aria-label={`${isShown ? 'Hide' : 'Show'} key ${name}`}
                onClick={() => send({ type: 'key.visibility.toggle' })}
              >
                {isShown ? 'Hide' : 'Show'}
              </Button>
              <CopyButton
                size="xs"
                label={`key ${name}`}
                copied={copyKey.copied}
                failed={copyKey.failed}
                onCopy={() => copyKey.copy(apiKey.key)}
              />
            </HStack>
          )}
          {apiKey.previous ? (
            <PreviousSecret
              secret={apiKey.previous.key}
              until={apiKey.previous.until}
              name={name}
              clipboard={actors.clipboard}
              copyable={!readOnly}
            />
          ) : null}
        </Stack>
      </Table.Cell>
      <Table.Cell role="cell" {...stackedCell} color="fg.muted" whiteSpace="nowrap">
        {cellLabel('Created')}
        {apiKey.createdAt ? <time dateTime={apiKey.createdAt}>{dateText}</time> : dateText}
      </Table.Cell>
      <Table.Cell role="cell" {...stackedCell}>
        {readOnly ? (
          <Text fontSize="sm" color="fg.muted" textAlign={{ lg: 'end' }}>
            {KEYS_READ_ONLY}
          </Text>
        ) : apiKey.stored ? (
          <HStack gap="2" wrap="wrap" justify={{ lg: 'flex-end' }}>
            <Button
              ref={renameButton}
              size="xs"
              variant="outline"
              aria-label={`Rename ${name}`}
              disabled={isEditing}
              onClick={() => send({ type: 'key.edit' })}
            >
              Rename
            </Button>
            <Button size="xs" variant="outline" aria-label={`Rules of ${name}`} onClick={() => rules.send({ type: 'rules.open' })}>
              Rules
            </Button>
            <Button size="xs" variant="outline" aria-label={`Roll ${name}`} onClick={() => lifecycle.send({ type: 'roll.open' })}>
              Roll
            </Button>
            <Button size="xs" variant="outline" aria-label={`Expiry of ${name}`} onClick={() => lifecycle.send({ type: 'expiry.open' })}>
              Expiry
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              aria-label={`Delete ${name}`}
              onClick={() => send({ type: 'key.delete' })}
            >
              Delete
            </Button>
          </HStack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            Read-only while the key list is unavailable
          </Text>
        )}
        <KeyRulesSaved editor={rules} name={name} />
        <KeyRulesDialog editor={rules} name={name} />
        <RollKeyDialog lifecycle={lifecycle} name={name} />
        <KeyExpiryDialog lifecycle={lifecycle} name={name} now={now} />
        <DeleteKeyDialog
          open={isConfirming}
          name={name}
          deleting={isDeleting}
          error={isConfirming ? error : null}
          onConfirm={() => send({ type: 'key.delete.confirm' })}
          onCancel={() => send({ type: 'key.delete.cancel' })}
        />
      </Table.Cell>
    </Table.Row>
  );
}
