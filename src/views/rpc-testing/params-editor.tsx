import { Field, Textarea } from '@chakra-ui/react';

interface ParamsEditorProps {
  value: string;
  /** Why the params cannot be sent (invalid JSON, not an array), or null. */
  problem: string | null;
  onChange: (text: string) => void;
  disabled: boolean;
}

/** The params as editable JSON, prefilled with the chosen method's working example. */
export function ParamsEditor({ value, problem, onChange, disabled }: ParamsEditorProps) {
  return (
    <Field.Root invalid={problem !== null} disabled={disabled}>
      <Field.Label>Params (JSON array)</Field.Label>
      <Textarea
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        fontFamily="mono"
        fontSize="sm"
        rows={Math.min(12, Math.max(3, value.split('\n').length))}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
      />
      {problem ? (
        <Field.ErrorText>{problem}</Field.ErrorText>
      ) : (
        <Field.HelperText>Sent as the request&apos;s params, e.g. [] or [&quot;latest&quot;, false].</Field.HelperText>
      )}
    </Field.Root>
  );
}
