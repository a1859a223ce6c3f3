import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { resetPasswordMachine, selectCanSubmit, type PasswordReset } from '@machines/reset-password';
import { passwordRuleFailures } from '@/domain/password-rules';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { RESET_FAILURE, RESET_TOKEN, type ResetPasswordModelEvent, resetPasswordFlows } from './models/reset-password.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel(
  'reset password machine',
  resetPasswordMachine,
  resetPasswordFlows.map((variant) => ({ ...variant, name: `token ${variant.token}` })),
  async (path, { token, flow }) => {
    const resetPassword = pendingCall<void, PasswordReset>('resetPassword');
    const wentToLogin: boolean[] = [];
    const actor = createActor(
      resetPasswordMachine.provide({
        actors: { resetPassword: resetPassword.logic },
        actions: { goToLogin: () => void wentToLogin.push(true) },
        delays: { redirectDelay: 20 },
      }),
      { input: { token } },
    ).start();

    await flow.run(
      path,
      {
        'reset.password.set': (event) => actor.send(event),
        'reset.confirm.set': (event) => actor.send(event),
        'reset.submit': (event) => actor.send(event),
        'reset.error.clear': (event) => actor.send(event),
        'xstate.done.actor.resetPassword': async (event) => {
          const moved = nextSnapshot(actor);
          resetPassword.resolve(event.output);
          await moved;
        },
        'xstate.error.actor.resetPassword': async (event) => {
          const moved = nextSnapshot(actor);
          resetPassword.reject(event.error);
          await moved;
          // SPEC.md: on failure the fields are cleared and the error shows.
          expect(actor.getSnapshot().context).toMatchObject({ password: '', confirm: '', error: RESET_FAILURE });
        },
        'xstate.after.redirectDelay.resetPassword.succeeded': async () => {
          expect(wentToLogin).toEqual([]);
          await nextSnapshot(actor);
        },
      } satisfies Executors<ResetPasswordModelEvent>,
      (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.context).toEqual(expected.context);
        const { password, confirm } = snapshot.context;
        expect(selectCanSubmit(snapshot)).toBe(
          snapshot.matches('editing') && passwordRuleFailures(password).length === 0 && password === confirm,
        );
        if (token === null) {
          expect(snapshot.context.error).toBe('Invalid reset token. Please request a new password reset link.');
        }
        if (snapshot.matches('submitting')) {
          expect(snapshot.context.error).toBeNull();
          expect(resetPassword.inputs.at(-1)).toEqual({ token, password });
        }
        expect(wentToLogin.length).toBe(snapshot.matches('redirected') ? 1 : 0);
      },
    );
  },
);

describe('reset password machine', () => {
  it('waits 3 s on the success message before going to /login', () => {
    expect(resetPasswordMachine.implementations.delays.redirectDelay).toBe(3000);
  });

  it('falls back to the SPEC.md text when the call fails without a message', async () => {
    const resetPassword = pendingCall<void, PasswordReset>('resetPassword');
    const actor = createActor(resetPasswordMachine.provide({ actors: { resetPassword: resetPassword.logic } }), {
      input: { token: RESET_TOKEN },
    }).start();
    actor.send({ type: 'reset.password.set', value: 'N3w!passw' });
    actor.send({ type: 'reset.confirm.set', value: 'N3w!passw' });
    actor.send({ type: 'reset.submit' });
    const moved = nextSnapshot(actor);
    resetPassword.reject(null);
    await moved;
    expect(actor.getSnapshot().context.error).toBe('Failed to reset password. Please try again.');
  });
});
