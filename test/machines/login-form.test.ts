import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loginFormMachine, selectCanSubmit } from '@machines/login-form';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type LoginFormModelEvent, loginFormFlow, loginFormPaths } from './models/login-form.model';
import { sessionStub } from './session-stub';

describeModel('login form machine', loginFormMachine, [{ paths: loginFormPaths }], async (path) => {
  const session = sessionStub();
  const form = createActor(loginFormMachine, { input: { session: session.actor } }).start();
  let asked = 0;

  await loginFormFlow.run(
    path,
    {
      'login.prefill': (event) => form.send(event),
      'login.email.set': (event) => form.send(event),
      'login.password.set': (event) => form.send(event),
      'login.submit': (event) => form.send(event),
      'session.granted': () => session.answer('session.granted'),
      'session.refused': () => session.answer('session.refused'),
    } satisfies Executors<LoginFormModelEvent>,
    (expected) => {
      const snapshot = form.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      const { email, password, session: ref } = snapshot.context;
      expect({ email, password }).toEqual({ email: expected.context.email, password: expected.context.password });
      expect(ref).toBe(session.actor);
      // SPEC.md §5: login requires both fields; a blank e-mail is empty.
      expect(selectCanSubmit(snapshot)).toBe(snapshot.matches('editing') && email.trim() !== '' && password !== '');
      // Each submit asks the session once, with the trimmed e-mail, the password as typed, and this form to answer.
      if (snapshot.matches('submitting') && session.requests.length > asked) {
        expect(session.requests).toHaveLength(asked + 1);
        expect(session.requests.at(-1)).toEqual({ type: 'auth.login', email: email.trim(), password, replyTo: form });
        asked = session.requests.length;
      }
      expect(session.requests).toHaveLength(asked);
    },
  );
});

describe('login form prefill', () => {
  it('fills the e-mail /signup handed over only while the field is empty, never over typed text', () => {
    const actor = createActor(loginFormMachine, { input: { session: sessionStub().actor } }).start();
    actor.send({ type: 'login.prefill', email: 'new@example.com' });
    expect(actor.getSnapshot().context.email).toBe('new@example.com');
    actor.send({ type: 'login.email.set', value: 'typed@example.com' });
    actor.send({ type: 'login.prefill', email: 'new@example.com' });
    expect(actor.getSnapshot().context.email).toBe('typed@example.com');
  });
});

describe('login form and session', () => {
  it('ignores an answer that comes while it is not waiting for one', () => {
    const session = sessionStub();
    const form = createActor(loginFormMachine, { input: { session: session.actor } }).start();
    form.send({ type: 'session.granted' });
    expect(form.getSnapshot().value).toBe('editing');
    expect(session.requests).toEqual([]);
  });
});
