import { useSelector } from '@xstate/react';
import { copyFeedbackMachine, selectCopied, selectCopyFailed } from '@machines/copy-feedback';
import { useFlowActor } from './inspection';
import { writeTextActor } from '@/api/clipboard';

export interface CopyActors {
  writeText: typeof writeTextActor;
}

export const clipboardActors: CopyActors = { writeText: writeTextActor };

/**
 * A Copy button's state for a view: `copy(text)` writes to the clipboard, `copied` is true for 2 s
 * after (machines/copy-feedback.ts). Pair it with src/components/copy-button.tsx or copy-field.tsx.
 */
export function useCopyFeedback(actors: CopyActors = clipboardActors) {
  const feedback = useFlowActor(copyFeedbackMachine.provide({ actors }));
  const copied = useSelector(feedback, selectCopied);
  const failed = useSelector(feedback, selectCopyFailed);
  return { copied, failed, copy: (text: string) => feedback.send({ type: 'copy.request', text }) };
}
