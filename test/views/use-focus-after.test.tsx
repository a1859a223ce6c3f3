import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { useFocusAfterEvent, useFocusWhenEnded } from '@/hooks/use-focus-after';

/** An inline edit: Edit opens a field (it takes the focus), Done closes it. */
function InlineEdit({ startEditing = false }: { startEditing?: boolean }) {
  const [editing, setEditing] = useState(startEditing);
  const edit = useRef<HTMLButtonElement>(null);
  useFocusWhenEnded(edit, editing);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button ref={edit} type="button" disabled={editing} onClick={() => setEditing(true)}>
        Edit
      </button>
      {editing ? (
        <>
          {/* biome-ignore lint/a11y/noAutofocus: the field opened by Edit takes the focus, as the real editors do */}
          <input aria-label="Name" autoFocus />
          <button type="button" onClick={() => setEditing(false)}>
            Done
          </button>
        </>
      ) : null}
    </>
  );
}

describe('useFocusWhenEnded', () => {
  it('gives the focus back to its target when the edit ends, after the render that closes it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<InlineEdit />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
  });

  it('takes no focus on the first render, editing or not, nor while nothing ends', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<InlineEdit />);
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    unmount();

    render(<InlineEdit startEditing />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('starts editing on the first render, then returns the focus when that edit ends', async () => {
    const user = userEvent.setup({ delay: null });
    render(<InlineEdit startEditing />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' }));
  });
});

/** A list whose focused Remove button leaves with its item: the heading takes the focus. */
function RemovableList({ onRender }: { onRender?: (headingFocusedBefore: boolean) => void }) {
  const [items, setItems] = useState(['one', 'two']);
  const heading = useRef<HTMLHeadingElement>(null);
  const removed = useFocusAfterEvent(heading);
  onRender?.(document.activeElement === heading.current && heading.current !== null);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Items
      </h2>
      {items.map((item) => (
        <button
          key={item}
          type="button"
          onClick={() => {
            setItems((current) => current.filter((other) => other !== item));
            removed();
          }}
        >
          Remove {item}
        </button>
      ))}
    </>
  );
}

describe('useFocusAfterEvent', () => {
  it('moves the focus to its target after the render the event causes, each time', async () => {
    const user = userEvent.setup({ delay: null });
    render(<RemovableList />);
    await user.click(screen.getByRole('button', { name: 'Remove one' }));
    expect(screen.queryByRole('button', { name: 'Remove one' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Items' }));

    // A second event focuses again, wherever the focus went in between.
    screen.getByRole('button', { name: 'Remove two' }).focus();
    await user.click(screen.getByRole('button', { name: 'Remove two' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Items' }));
  });

  it('takes no focus before any event, and focuses only once the render has happened', async () => {
    const focusedDuringRender: boolean[] = [];
    render(<RemovableList onRender={(focused) => focusedDuringRender.push(focused)} />);
    expect(document.activeElement).toBe(document.body);
    await act(async () => screen.getByRole('button', { name: 'Remove one' }).click());
    // The render the event caused saw the heading not yet focused: the focus came after it.
    expect(focusedDuringRender.at(-1)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Items' }));
  });

  it('gives the same callback on every render', () => {
    const callbacks: Array<() => void> = [];
    function Probe() {
      const target = useRef<HTMLDivElement>(null);
      const [, rerender] = useState(0);
      const callback = useFocusAfterEvent(target);
      callbacks.push(callback);
      return (
        <div ref={target} tabIndex={-1}>
          <button type="button" onClick={() => rerender((n) => n + 1)}>
            Render
          </button>
        </div>
      );
    }
    render(<Probe />);
    act(() => screen.getByRole('button', { name: 'Render' }).click());
    expect(callbacks.length).toBeGreaterThan(1);
    expect(new Set(callbacks).size).toBe(1);
  });
});
