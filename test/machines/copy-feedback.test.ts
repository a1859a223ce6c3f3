import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { copyFeedbackMachine, selectCopied, selectCopyFailed } from '@machines/copy-feedback';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { COPIED_TEXT, type CopyFeedbackModelEvent, copyFeedbackFlow, copyFeedbackPaths } from './models/copy-feedback.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel('copy feedback machine', copyFeedbackMachine, [{ paths: copyFeedbackPaths }], async (path) => {
  const writeText = pendingCall<void, { text: string }>('writeText');
  const actor = createActor(copyFeedbackMachine.provide({ actors: { writeText: writeText.logic }, delays: { copiedFor: 20 } })).start();

  await copyFeedbackFlow.run(
    path,
    {
      'copy.request': (event) => actor.send(event),
      'xstate.done.actor.writeText': async ({ output }) => {
        const moved = nextSnapshot(actor);
        writeText.resolve(output);
        await moved;
      },
      'xstate.error.actor.writeText': async ({ error }) => {
        const moved = nextSnapshot(actor);
        writeText.reject(error);
        await moved;
      },
      'xstate.after.copiedFor.copyFeedback.copied': () => nextSnapshot(actor),
      'xstate.after.copiedFor.copyFeedback.failed': () => nextSnapshot(actor),
    } satisfies Executors<CopyFeedbackModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(selectCopied(snapshot)).toBe(snapshot.value === 'copied');
      expect(selectCopyFailed(snapshot)).toBe(snapshot.value === 'failed');
      if (snapshot.matches('copying')) expect(writeText.inputs.at(-1)).toEqual({ text: COPIED_TEXT });
    },
  );
});

describe('copy feedback machine', () => {
  it("shows 'Copied!' for 2 s (SPEC.md §9)", () => {
    expect(copyFeedbackMachine.implementations.delays.copiedFor).toBe(2000);
  });
});
