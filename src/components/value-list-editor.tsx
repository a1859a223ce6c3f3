import type { FormEvent, Ref } from 'react';
import { Button, CloseButton, Field, Flex, Input, List, NativeSelect, Text } from '@chakra-ui/react';

interface ValueAdderProps {
  /** The field's visible label. */
  label: string;
  draft: string;
  /** The refused value's message, under the field. */
  error: string | null;
  /** Set when the list is full: Add is disabled and this says why (until a refusal takes its place). */
  fullText: string | null;
  disabled: boolean;
  onDraft: (value: string) => void;
  onAdd: () => void;
  placeholder?: string;
  /** A closed set to pick from (a select, `placeholder` its empty choice) instead of free text. */
  choices?: readonly string[];
  /** The Add button's name when several lists share a screen ('Add domain'); it keeps the visible 'Add'. */
  addLabel?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The field that adds a value to a list: a text input (or a select) and Add; Enter adds too. The
 * refused value's message shows under the field, tied to it.
 */
export function ValueAdder({
  label,
  draft,
  error,
  fullText,
  disabled,
  onDraft,
  onAdd,
  placeholder,
  choices,
  addLabel,
  inputRef,
}: ValueAdderProps) {
  const add = (event: FormEvent) => {
    event.preventDefault();
    onAdd();
  };
  return (
    <form onSubmit={add} noValidate>
      <Field.Root invalid={error !== null} disabled={disabled}>
        <Field.Label>{label}</Field.Label>
        <Flex gap="2" w="full">
          {choices ? (
            <NativeSelect.Root flex="1" minW="0">
              <NativeSelect.Field value={draft} placeholder={placeholder} onChange={(event) => onDraft(event.currentTarget.value)}>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : (
            <Input
              ref={inputRef}
              value={draft}
              placeholder={placeholder}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              onChange={(event) => onDraft(event.currentTarget.value)}
            />
          )}
          {/* A disabled submit button also stops Enter from submitting the form. */}
          <Button type="submit" variant="outline" aria-label={addLabel} disabled={disabled || fullText !== null}>
            Add
          </Button>
        </Flex>
        <Field.ErrorText>{error}</Field.ErrorText>
        {fullText !== null && error === null ? <Field.HelperText>{fullText}</Field.HelperText> : null}
      </Field.Root>
    </form>
  );
}

interface ValueListProps {
  /** The list's name for assistive technology. */
  label: string;
  values: readonly string[];
  /** What an empty list shows. */
  emptyText: string;
  disabled: boolean;
  onRemove: (value: string) => void;
}

/** A list's values, each with a Remove button named after it; `emptyText` when there is none. */
export function ValueList({ label, values, emptyText, disabled, onRemove }: ValueListProps) {
  if (values.length === 0) {
    return (
      <Text fontStyle="italic" color="fg.muted">
        {emptyText}
      </Text>
    );
  }
  return (
    <List.Root aria-label={label} variant="plain" gap="1">
      {values.map((value) => (
        <List.Item key={value} display="flex" alignItems="center" justifyContent="space-between" gap="2">
          <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {value}
          </Text>
          <CloseButton size="xs" aria-label={`Remove ${value}`} disabled={disabled} onClick={() => onRemove(value)} />
        </List.Item>
      ))}
    </List.Root>
  );
}
