import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { signupMachine, selectCanSubmit, type Registration } from '@machines/signup';
import { passwordRuleFailures } from '@/domain/password-rules';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type SignupModelEvent, signupFlow, signupPaths } from './models/signup.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel('signup machine', signupMachine, [{ paths: signupPaths }], async (path) => {
  const register = pendingCall<void, Registration>('register');
  const wentToLogin: boolean[] = [];
  const actor = createActor(
    signupMachine.provide({ actors: { register: register.logic }, actions: { goToLogin: () => void wentToLogin.push(true) } }),
  ).start();

  await signupFlow.run(
    path,
    {
      'signup.email.set': (event) => actor.send(event),
      'signup.password.set': (event) => actor.send(event),
      'signup.confirm.set': (event) => actor.send(event),
      'signup.submit': (event) => actor.send(event),
      'signup.error.clear': (event) => actor.send(event),
      'xstate.done.actor.register': async (event) => {
        const moved = nextSnapshot(actor);
        register.resolve(event.output);
        await moved;
      },
      'xstate.error.actor.register': async (event) => {
        const moved = nextSnapshot(actor);
        register.reject(event.error);
        await moved;
        expect(actor.getSnapshot().context.error).toBe('An account with this email already exists');
      },
    } satisfies Executors<SignupModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // SPEC.md §5: submit only with an e-mail, every rule met and the same password twice.
      const { email, password, confirm } = snapshot.context;
      expect(selectCanSubmit(snapshot)).toBe(
        snapshot.matches('editing') && email !== '' && passwordRuleFailures(password).length === 0 && password === confirm,
      );
      if (snapshot.matches('submitting')) {
        expect(snapshot.context.error).toBeNull(); // SPEC.md §4: errors clear at the start of each operation
        expect(register.inputs.at(-1)).toEqual({ email, password });
      }
      expect(wentToLogin.length).toBe(snapshot.matches('registered') ? 1 : 0);
    },
  );
});

describe('signup machine', () => {
  it('refuses to submit while a rule fails or the confirmation differs', () => {
    const actor = createActor(signupMachine).start();
    actor.send({ type: 'signup.email.set', value: 'ada@example.com' });
    actor.send({ type: 'signup.password.set', value: 'Str0ng!pass' });
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'signup.confirm.set', value: 'Str0ng!pass' });
    actor.send({ type: 'signup.email.set', value: '   ' });
    actor.send({ type: 'signup.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('shows the fallback text when the call fails without a message', async () => {
    const register = pendingCall<void, Registration>('register');
    const actor = createActor(signupMachine.provide({ actors: { register: register.logic } })).start();
    actor.send({ type: 'signup.email.set', value: 'ada@example.com' });
    actor.send({ type: 'signup.password.set', value: 'Str0ng!pass' });
    actor.send({ type: 'signup.confirm.set', value: 'Str0ng!pass' });
    actor.send({ type: 'signup.submit' });
    const moved = nextSnapshot(actor);
    register.reject('not an Error');
    await moved;
    expect(actor.getSnapshot().context.error).toBe('Registration failed. Please try again.');
  });
});
