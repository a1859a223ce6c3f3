import { expect } from 'vitest';
import { createActor } from 'xstate';
import { verifyEmailMachine, selectCanRetry, selectIsVerifying } from '@machines/verify-email';
import { failureIn } from '@/domain/call-failure';
import { VERIFY_FALLBACK, VERIFY_INVALID_LINK } from '@/domain/email-verification';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type VerifyEmailModelEvent, verifyEmailFlows } from './models/verify-email.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel(
  'verify e-mail machine',
  verifyEmailMachine,
  verifyEmailFlows.map((variant) => ({ ...variant, name: `token ${variant.token}` })),
  async (path, { token, flow }) => {
    const verifyEmail = pendingCall<void, { token: string }>('verifyEmail');
    const announced: boolean[] = [];
    const actor = createActor(
      verifyEmailMachine.provide({
        actors: { verifyEmail: verifyEmail.logic },
        actions: { announceVerified: () => void announced.push(true) },
      }),
      { input: { token } },
    ).start();

    await flow.run(
      path,
      {
        'verify.retry': (event) => actor.send(event),
        'xstate.done.actor.verifyEmail': async (event) => {
          const moved = nextSnapshot(actor);
          verifyEmail.resolve(event.output);
          await moved;
        },
        'xstate.error.actor.verifyEmail': async (event) => {
          const moved = nextSnapshot(actor);
          verifyEmail.reject(event.error);
          await moved;
          const failure = failureIn(event.error);
          // The server's words for a refusal, the fallback for anything else.
          expect(actor.getSnapshot().context.error).toBe(failure.kind === 'refused' ? failure.message : VERIFY_FALLBACK);
        },
      } satisfies Executors<VerifyEmailModelEvent>,
      (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.context).toEqual(expected.context);
        expect(selectIsVerifying(snapshot)).toBe(snapshot.matches('verifying'));
        expect(selectCanRetry(snapshot)).toBe(snapshot.matches('failed'));
        if (token === null) expect(snapshot.context.error).toBe(VERIFY_INVALID_LINK);
        if (snapshot.matches('verifying')) {
          expect(snapshot.context.error).toBeNull();
          expect(verifyEmail.inputs.at(-1)).toEqual({ token });
        }
        expect(announced.length).toBe(snapshot.matches('verified') ? 1 : 0);
      },
    );
  },
);
