import { Field, Textarea } from '@chakra-ui/react';

interface JsonEditorProps {
  label: string;
  /** Under the field while the text can be sent. */
  hint: string;
  value: string;
  /** Why the text cannot be sent (invalid JSON, the wrong shape), or null. */
  problem: string | null;
  onChange: (text: string) => void;
  disabled: boolean;
  placeholder?: string;
  /** The field grows with its lines up to this many. */
  maxRows: number;
}

/** JSON typed by hand (a call's params, a logs filter): monospace, no spell-checking, its problem shown in place of its hint. */
export function JsonEditor({ label, hint, value, problem, onChange, disabled, placeholder, maxRows }: JsonEditorProps) {
  return (
    <Field.Root invalid={problem !== null} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Textarea
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        placeholder={placeholder}
        fontFamily="mono"
        fontSize="sm"
        rows={Math.min(maxRows, Math.max(3, value.split('\n').length))}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
      />
      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
