import { useRef } from 'react';
import { Badge, Button, Dialog, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type keyLifecycleMachine,
  selectCanClearExpiry,
  selectCanSaveExpiry,
  selectDay,
  selectGrace,
  selectIsExpiring,
  selectIsExpirySaving,
  selectIsRollSaving,
  selectIsRolling,
  selectLifecycleError,
} from '@machines/key-lifecycle';
import { CopyButton } from '@/components/copy-button';
import { ErrorAlert } from '@/components/error-alert';
import { ModalDialog } from '@/components/modal-dialog';
import { RadioChoices } from '@/components/radio-choices';
import { useCopyFeedback, type CopyActors } from '@/hooks/use-copy-feedback';
import { maskKey } from '@/domain/key-display';
import { earliestExpiryDay, expiryText, formatUtcMoment, hasExpired, ROLL_GRACE_FACTS, ROLL_GRACES } from '@/domain/key-lifecycle';

type Lifecycle = ActorRefFrom<typeof keyLifecycleMachine>;

const graceChoices = ROLL_GRACES.map((grace) => ({ value: grace, label: ROLL_GRACE_FACTS[grace].label }));

/** Confirms a roll and asks how long the old secret keeps working. */
export function RollKeyDialog({ lifecycle, name }: { lifecycle: Lifecycle; name: string }) {
  const open = useSelector(lifecycle, selectIsRolling);
  const saving = useSelector(lifecycle, selectIsRollSaving);
  const grace = useSelector(lifecycle, selectGrace);
  const error = useSelector(lifecycle, selectLifecycleError);
  const cancel = useRef<HTMLButtonElement>(null);
  const close = () => lifecycle.send({ type: 'roll.cancel' });
  return (
    <ModalDialog
      open={open}
      title={`Roll ${name}?`}
      busy={saving}
      onCancel={close}
      initialFocusEl={() => cancel.current}
      footer={
        <>
          <Button ref={cancel} variant="outline" disabled={saving} onClick={close}>
            Cancel
          </Button>
          <Button colorPalette="blue" loading={saving} loadingText="Rolling..." onClick={() => lifecycle.send({ type: 'roll.confirm' })}>
            Roll key
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Dialog.Description>
          The key gets a new secret; its name, rules and usage stay. Calls with the old secret keep working for the time you choose, then
          are refused: put the new secret in your apps before then.
        </Dialog.Description>
        <RadioChoices
          label="The old secret keeps working for"
          choices={graceChoices}
          value={grace}
          disabled={saving}
          onChange={(chosen) => lifecycle.send({ type: 'roll.grace', grace: chosen })}
        />
        {error ? <ErrorAlert message={error} /> : null}
      </Stack>
    </ModalDialog>
  );
}

/** Sets the last day a key works, or clears it. */
export function KeyExpiryDialog({ lifecycle, name, now }: { lifecycle: Lifecycle; name: string; now: Date }) {
  const open = useSelector(lifecycle, selectIsExpiring);
  const saving = useSelector(lifecycle, selectIsExpirySaving);
  const day = useSelector(lifecycle, selectDay);
  const canSave = useSelector(lifecycle, selectCanSaveExpiry);
  const canClear = useSelector(lifecycle, selectCanClearExpiry);
  const error = useSelector(lifecycle, selectLifecycleError);
  const input = useRef<HTMLInputElement>(null);
  const close = () => lifecycle.send({ type: 'expiry.cancel' });
  return (
    <ModalDialog
      open={open}
      title={`Expiry of ${name}`}
      busy={saving}
      onCancel={close}
      initialFocusEl={() => input.current}
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={close}>
            Cancel
          </Button>
          {canClear || (saving && day === '') ? (
            <Button variant="outline" disabled={saving} onClick={() => lifecycle.send({ type: 'expiry.clear' })}>
              Never expire
            </Button>
          ) : null}
          <Button
            colorPalette="blue"
            disabled={!canSave}
            loading={saving}
            loadingText="Saving..."
            onClick={() => lifecycle.send({ type: 'expiry.save' })}
          >
            Save expiry
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Dialog.Description>From the day after, the gateway refuses the key and closes its WebSocket connections.</Dialog.Description>
        <Field.Root invalid={error !== null} disabled={saving}>
          <Field.Label>Last day the key works (UTC)</Field.Label>
          <Input
            ref={input}
            type="date"
            value={day}
            min={earliestExpiryDay(now)}
            onChange={(event) => lifecycle.send({ type: 'expiry.day', value: event.currentTarget.value })}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </ModalDialog>
  );
}

/** The key's expiry under its name: nothing when it never expires, a red badge once it has. */
export function KeyExpiry({ expiresAt, now }: { expiresAt: string | null; now: Date }) {
  const text = expiryText(expiresAt, now);
  if (text === null) return null;
  return hasExpired(expiresAt, now) ? (
    <Badge colorPalette="red" variant="subtle" whiteSpace="normal">
      {text}
    </Badge>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      {text}
    </Text>
  );
}

/** The secret before the last roll, while it still works: masked, with its Copy and its end. */
export function PreviousSecret({
  secret,
  until,
  name,
  clipboard,
  copyable,
}: {
  secret: string;
  until: string;
  name: string;
  clipboard: CopyActors;
  /** False when the secret came masked (a member who only reads the keys): nothing to copy. */
  copyable: boolean;
}) {
  const copy = useCopyFeedback(clipboard);
  return (
    <Stack gap="1" borderLeftWidth="2px" borderColor="orange.400" ps="2">
      <Text fontSize="sm">
        Old secret, works until <time dateTime={until}>{formatUtcMoment(until)}</time>
      </Text>
      <HStack gap="2" wrap="wrap">
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {maskKey(secret)}
        </Text>
        {copyable ? (
          <CopyButton
            size="xs"
            label={`old secret of ${name}`}
            copied={copy.copied}
            failed={copy.failed}
            onCopy={() => copy.copy(secret)}
          />
        ) : null}
      </HStack>
    </Stack>
  );
}
