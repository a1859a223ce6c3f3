import { type KeyboardEvent, useEffect, useRef } from 'react';

/**
 * What an inline edit field does (SPEC.md §4): it takes the focus with its text selected when it
 * opens, so a keyboard user types straight away; Enter saves, Escape cancels.
 */
export function useInlineEditField(onSave: () => void, onCancel: () => void) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSave();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    }
  };
  return { ref, onKeyDown };
}
