import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginFormMachine, selectCanSubmit, type SignInOutcome } from '@machines/login-form';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type LoginFormModelEvent, loginFormFlow, loginFormPaths } from './models/login-form.model';
import { nextSnapshot } from './next-snapshot';
import { pendingCall } from './pending-call';

describeModel('login form machine', loginFormMachine, [{ paths: loginFormPaths }], async (path) => {
  const signIn = pendingCall<SignInOutcome, { email: string; password: string }>('signIn');
  const actor = createActor(loginFormMachine.provide({ actors: { signIn: signIn.logic } })).start();
  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };

  await loginFormFlow.run(
    path,
    {
      'login.prefill': (event) => actor.send(event),
      'login.setEmail': (event) => actor.send(event),
      'login.setPassword': (event) => actor.send(event),
      'login.submit': (event) => actor.send(event),
      'xstate.done.actor.signIn': ({ output }) => settle(() => signIn.resolve(output)),
      'xstate.error.actor.signIn': ({ error }) => settle(() => signIn.reject(error)),
    } satisfies Executors<LoginFormModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      const { email, password } = snapshot.context;
      // SPEC.md §5: login requires both fields; a blank e-mail is empty.
      expect(selectCanSubmit(snapshot)).toBe(snapshot.matches('editing') && email.trim() !== '' && password !== '');
      // The session gets the trimmed e-mail, and the password as typed.
      if (snapshot.matches('submitting')) expect(signIn.inputs.at(-1)).toEqual({ email: email.trim(), password });
    },
  );
});

describe('login form prefill', () => {
  it('fills the e-mail /signup handed over only while the field is empty, never over typed text', () => {
    const actor = createActor(loginFormMachine).start();
    actor.send({ type: 'login.prefill', email: 'new@example.com' });
    expect(actor.getSnapshot().context.email).toBe('new@example.com');
    actor.send({ type: 'login.setEmail', value: 'typed@example.com' });
    actor.send({ type: 'login.prefill', email: 'new@example.com' });
    expect(actor.getSnapshot().context.email).toBe('typed@example.com');
  });
});
