import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine, selectCanSubmit } from '@machines/forgot-password';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { FORGOT_FAILURE, type ForgotPasswordModelEvent, forgotPasswordFlow, forgotPasswordPaths } from './models/forgot-password.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel('forgot password machine', forgotPasswordMachine, [{ paths: forgotPasswordPaths }], async (path) => {
  const requestReset = pendingCall<void, { email: string }>('requestReset');
  const actor = createActor(forgotPasswordMachine.provide({ actors: { requestReset: requestReset.logic } })).start();

  await forgotPasswordFlow.run(
    path,
    {
      'forgot.email.set': (event) => actor.send(event),
      'forgot.submit': (event) => actor.send(event),
      'forgot.error.clear': (event) => actor.send(event),
      'xstate.done.actor.requestReset': async (event) => {
        const moved = nextSnapshot(actor);
        requestReset.resolve(event.output);
        await moved;
      },
      'xstate.error.actor.requestReset': async (event) => {
        const moved = nextSnapshot(actor);
        requestReset.reject(event.error);
        await moved;
        expect(actor.getSnapshot().context.error).toBe(FORGOT_FAILURE);
      },
    } satisfies Executors<ForgotPasswordModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // SPEC.md §5: the e-mail is required.
      expect(selectCanSubmit(snapshot)).toBe(snapshot.matches('editing') && snapshot.context.email.trim() !== '');
      if (snapshot.matches('submitting')) {
        expect(snapshot.context.error).toBeNull();
        expect(requestReset.inputs.at(-1)).toEqual({ email: snapshot.context.email });
      }
    },
  );
});

describe('forgot password machine', () => {
  it('falls back to the SPEC.md text when the call fails without a message', async () => {
    const requestReset = pendingCall<void, { email: string }>('requestReset');
    const actor = createActor(forgotPasswordMachine.provide({ actors: { requestReset: requestReset.logic } })).start();
    actor.send({ type: 'forgot.email.set', value: ' ada@example.com ' });
    actor.send({ type: 'forgot.submit' });
    expect(requestReset.inputs).toEqual([{ email: 'ada@example.com' }]);
    const moved = nextSnapshot(actor);
    requestReset.reject(undefined);
    await moved;
    expect(actor.getSnapshot().context.error).toBe('Failed to send password reset request. Please try again.');
  });
});
