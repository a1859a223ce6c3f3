import { Field, Textarea } from '@chakra-ui/react';
import { FILTER_EXAMPLE } from '@/domain/subscription-form';

interface FilterEditorProps {
  value: string;
  /** Why the filter cannot be sent (invalid JSON, not an object), or null. */
  problem: string | null;
  onChange: (text: string) => void;
  disabled: boolean;
}

/** The logs subscription's filter as editable JSON: an object with address and/or topics, or blank for every log. */
export function FilterEditor({ value, problem, onChange, disabled }: FilterEditorProps) {
  return (
    <Field.Root invalid={problem !== null} disabled={disabled}>
      <Field.Label>Log filter (JSON object, optional)</Field.Label>
      <Textarea
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder={FILTER_EXAMPLE}
        fontFamily="mono"
        fontSize="sm"
        rows={Math.min(8, Math.max(3, value.split('\n').length))}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
      />
      {problem ? (
        <Field.ErrorText>{problem}</Field.ErrorText>
      ) : (
        <Field.HelperText>Sent with eth_subscribe: address and topics as eth_getLogs takes them. Blank: every log.</Field.HelperText>
      )}
    </Field.Root>
  );
}
