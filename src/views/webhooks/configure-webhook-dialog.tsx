import { Button, Field, Input, Span, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectAddressDraft,
  selectAddressError,
  selectIsEditingExisting,
  selectIsFull,
  selectIsOpen,
  selectIsSaving,
  selectSaveError,
  selectSettings,
  selectUrlError,
  type webhookFormMachine,
} from '@machines/webhook-form';
import { ErrorAlert } from '@/components/error-alert';
import { ModalDialog } from '@/components/modal-dialog';
import { NetworkSwitch } from '@/components/network-switch';
import { useNetworks } from '@/hooks/use-networks';
import { TxnTypesField } from './txn-types-field';
import { WebhookAddressesField } from './webhook-addresses-field';
import { ACK_NOTE, CONFIGURE_WEBHOOK, PROPAGATION_NOTE } from './webhook-texts';
import { WebhookTypeSwitch } from './webhook-type-switch';

interface ConfigureWebhookDialogProps {
  form: ActorRefFrom<typeof webhookFormMachine>;
}

/**
 * SPEC.md "Webhooks": the Configure Webhook modal (machines/webhook-form.ts), with the fields of
 * §3 in order: network, type, transaction types (machines/txn-types.ts), URL, auth header and
 * addresses. Focus is trapped; Escape and Cancel close it except while saving.
 */
export function ConfigureWebhookDialog({ form }: ConfigureWebhookDialogProps) {
  const networks = useNetworks();
  const isOpen = useSelector(form, selectIsOpen);
  const isSaving = useSelector(form, selectIsSaving);
  const isExisting = useSelector(form, selectIsEditingExisting);
  const settings = useSelector(form, selectSettings);
  const urlError = useSelector(form, selectUrlError);
  const addressDraft = useSelector(form, selectAddressDraft);
  const addressError = useSelector(form, selectAddressError);
  const isFull = useSelector(form, selectIsFull);
  const saveError = useSelector(form, selectSaveError);
  const send = form.send;
  const submitLabel = isExisting ? 'Save Changes' : 'Create Webhook';

  return (
    <ModalDialog
      open={isOpen}
      title={CONFIGURE_WEBHOOK}
      busy={isSaving}
      onCancel={() => send({ type: 'webhook.cancel' })}
      scrollInside
      footer={
        <>
          <Button variant="outline" disabled={isSaving} onClick={() => send({ type: 'webhook.cancel' })}>
            Cancel
          </Button>
          <Button colorPalette="blue" loading={isSaving} loadingText="Saving..." onClick={() => send({ type: 'webhook.submit' })}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Stack gap="5">
        <NetworkSwitch
          networks={networks}
          value={settings.network}
          disabled={isSaving}
          onChange={(network) => send({ type: 'webhook.network', network })}
        />
        <WebhookTypeSwitch
          value={settings.webhookType}
          disabled={isSaving}
          onChange={(webhookType) => send({ type: 'webhook.type', webhookType })}
        />
        {/* A fresh multi-select for each opening, started from the webhook's types. */}
        <TxnTypesField
          key={isOpen ? 'open' : 'closed'}
          initial={settings.txnTypes}
          disabled={isSaving}
          onChange={(txnTypes) => send({ type: 'webhook.txn.types', txnTypes })}
        />
        <Field.Root required invalid={urlError !== null} disabled={isSaving}>
          <Field.Label>
            Webhook URL <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            value={settings.webhookUrl}
            placeholder="https://example.com/webhook"
            autoComplete="url"
            autoCapitalize="off"
            spellCheck={false}
            onChange={(event) => send({ type: 'webhook.url', value: event.currentTarget.value })}
          />
          <Field.ErrorText>{urlError}</Field.ErrorText>
          <Field.HelperText>{ACK_NOTE}</Field.HelperText>
        </Field.Root>
        <Field.Root disabled={isSaving}>
          <Field.Label>
            Authentication header{' '}
            <Span color="fg.muted" fontWeight="normal">
              (optional)
            </Span>
          </Field.Label>
          <Input
            value={settings.authHeader}
            placeholder="Bearer your-secret"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => send({ type: 'webhook.auth.header', value: event.currentTarget.value })}
          />
          <Field.HelperText>Sent as the Authorization header of every call, so your server knows the call is ours.</Field.HelperText>
        </Field.Root>
        <WebhookAddressesField
          addresses={settings.addresses}
          draft={addressDraft}
          error={addressError}
          isFull={isFull}
          disabled={isSaving}
          onDraftChange={(value) => send({ type: 'webhook.address.draft', value })}
          onAdd={() => send({ type: 'webhook.address.add' })}
          onRemove={(address) => send({ type: 'webhook.address.remove', address })}
        />
        <Text fontSize="sm" color="fg.muted" borderStartWidth="3px" borderColor="blue.500" ps="3">
          {PROPAGATION_NOTE}
        </Text>
        {saveError ? <ErrorAlert message={saveError} /> : null}
      </Stack>
    </ModalDialog>
  );
}
