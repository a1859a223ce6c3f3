import { useId } from 'react';
import { Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectIsAny, selectTxnTypes, txnTypesMachine } from '@machines/txn-types';
import { useFlowActor } from '@/hooks/inspection';
import { TXN_TYPES, TXN_TYPE_LABELS, type TxnType } from '@/domain/webhook-form';

interface TxnTypesFieldProps {
  /** The selection the modal opened with (a new webhook's 'any', or the edited webhook's types). */
  initial: readonly TxnType[];
  /** Each new selection, for the Configure Webhook form. */
  onChange: (txnTypes: readonly TxnType[]) => void;
  disabled: boolean;
}

/**
 * SPEC.md §4 "Multi-select of transaction types": a group of checkboxes (Tab to reach, Space to
 * tick). Ticking 'Any' clears the others, ticking another unticks 'Any', and unticking the last
 * one ticks 'Any' again: the machine (machines/txn-types.ts, one per opening of the modal)
 * decides, the boxes show its selection, and the form is told each change.
 */
export function TxnTypesField({ initial, onChange, disabled }: TxnTypesFieldProps) {
  const txnTypes = useFlowActor(txnTypesMachine.provide({ actions: { selectionChanged: (_, { selected }) => onChange(selected) } }), {
    input: { selected: initial },
  });
  const selected = useSelector(txnTypes, selectTxnTypes);
  const isAny = useSelector(txnTypes, selectIsAny);
  const labelId = useId();
  const helpId = useId();
  return (
    <Stack gap="1.5" role="group" aria-labelledby={labelId} aria-describedby={helpId}>
      <Text id={labelId} fontWeight="medium" fontSize="sm">
        Transaction types
      </Text>
      <Flex gap="4" wrap="wrap">
        {TXN_TYPES.map((txnType) => (
          <Checkbox.Root
            key={txnType}
            size="sm"
            checked={selected.includes(txnType)}
            disabled={disabled}
            // 'Any' alone cannot be unticked (the machine keeps it): read-only, so the box never shows otherwise.
            readOnly={txnType === 'any' && isAny}
            onCheckedChange={() => txnTypes.send({ type: 'txn.toggle', txnType })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{TXN_TYPE_LABELS[txnType]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      <Text id={helpId} fontSize="xs" color="fg.muted">
        Any covers every type; choose one or more types to be called only for those.
      </Text>
    </Stack>
  );
}
