import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

type Focusable = RefObject<HTMLElement | null>;

/**
 * Moves the focus to `target` when `active` turns from true to false, after that render: an inline
 * edit ended (saved or cancelled), so a keyboard user is back on the button that opened it.
 */
export function useFocusWhenEnded(target: Focusable, active: boolean): void {
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) target.current?.focus();
    wasActive.current = active;
  }, [active, target]);
}

/**
 * A callback that moves the focus to `target` after the render it causes: for an event that takes
 * the focused element off the page (a deleted row and its dialog), so the focus lands once they
 * have left, where no focus trap can take it back.
 */
export function useFocusAfterEvent(target: Focusable): () => void {
  const [events, setEvents] = useState(0);
  useEffect(() => {
    if (events > 0) target.current?.focus();
  }, [events, target]);
  return useCallback(() => setEvents((count) => count + 1), []);
}
