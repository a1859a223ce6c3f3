import { useEffect } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Fields whose value is text the user enters (not buttons, boxes or files). */
const textFields =
  'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]), textarea';

/** The element's own value setter, which React's value tracker (an instance property) does not see. */
function setValueUnseenByReact(field: TextField, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

/**
 * Hands React what the user typed (or the browser autofilled) into a field before it was hydrated.
 *
 * The prerendered screens can be typed into as soon as they paint, before their JavaScript has run.
 * React 19 keeps such text in the field when it hydrates, but its state still holds the rendered
 * value (''): the screen would think the field is empty (submit stays disabled) and its next render
 * would wipe the text. After hydration a controlled field's `defaultValue` is the value React holds,
 * so a field whose `value` differs was changed behind React's back. For each, React's tracker is told
 * the field holds React's value, the typed text is put back unseen, and an `input` event makes React
 * run the field's onChange with it, as if the user had typed it now.
 */
export function replayTypedValues(root: ParentNode): void {
  for (const field of root.querySelectorAll<TextField>(textFields)) {
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    field.value = field.defaultValue;
    setValueUnseenByReact(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Placed inside the Suspense boundary that holds the lazy screens: its effect runs when that
 * boundary is hydrated, i.e. once the screen's chunk has arrived and its fields are React's. On a
 * client render (no server markup) nothing was typed before mount, so nothing differs.
 */
export function KeepTypedBeforeHydration() {
  useEffect(() => replayTypedValues(document.body), []);
  return null;
}
