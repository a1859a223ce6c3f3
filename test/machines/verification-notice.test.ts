import { expect } from 'vitest';
import { createActor } from 'xstate';
import { selectIsSending, selectIsSent, verificationNoticeMachine } from '@machines/verification-notice';
import { failureIn } from '@/domain/call-failure';
import { RESEND_FALLBACK } from '@/domain/email-verification';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type VerificationNoticeModelEvent, verificationNoticePaths, verificationNoticeFlow } from './models/verification-notice.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel('verification notice machine', verificationNoticeMachine, [{ paths: verificationNoticePaths }], async (path) => {
  const resend = pendingCall<void, void>('resendVerification');
  const actor = createActor(verificationNoticeMachine.provide({ actors: { resendVerification: resend.logic } })).start();

  await verificationNoticeFlow.run(
    path,
    {
      'verification.resend': (event) => actor.send(event),
      'xstate.done.actor.resendVerification': async (event) => {
        const moved = nextSnapshot(actor);
        resend.resolve(event.output);
        await moved;
      },
      'xstate.error.actor.resendVerification': async (event) => {
        const moved = nextSnapshot(actor);
        resend.reject(event.error);
        await moved;
        const failure = failureIn(event.error);
        expect(actor.getSnapshot().context.error).toBe(failure.kind === 'refused' ? failure.message : RESEND_FALLBACK);
      },
    } satisfies Executors<VerificationNoticeModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(selectIsSending(snapshot)).toBe(snapshot.matches('sending'));
      expect(selectIsSent(snapshot)).toBe(snapshot.matches('sent'));
      expect(resend.inputs.length).toBeGreaterThanOrEqual(snapshot.matches('idle') ? 0 : 1);
    },
  );
});
