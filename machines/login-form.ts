import { assign, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { SessionRef, SessionReply } from './auth.types';

export interface LoginFormContext {
  email: string;
  password: string;
  /** The app-wide session the credentials are handed to. */
  session: SessionRef;
}

export type LoginFormEvent =
  | { type: 'login.prefill'; email: string }
  | { type: 'login.email.set'; value: string }
  | { type: 'login.password.set'; value: string }
  | { type: 'login.submit' }
  | SessionReply;

/**
 * The /login form (SPEC.md "/login"; §5: both fields required).
 *
 * - `editing` owns the two fields; `login.submit` is refused by `canSubmit` while the e-mail is
 *   blank or the password empty. `login.prefill` (the e-mail of an account just created, handed
 *   over by /signup) fills the e-mail only while it is still empty: it never replaces typed text.
 * - `submitting` hands the credentials to the app-wide session (`auth.login`, naming this actor as
 *   `replyTo`) and waits for its answer. The session keeps the error the screen shows (a failed
 *   login, or a stored session that expired), so `session.refused` only returns to `editing`,
 *   fields kept for a retry.
 * - `signedIn` (`session.granted`) is final: the route leaves /login for the page the visitor was going to.
 */
export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    input: {} as { session: SessionRef },
  },
  actions: {
    askSession: sendTo(
      ({ context }) => context.session,
      ({ context, self }) => ({ type: 'auth.login' as const, email: context.email.trim(), password: context.password, replyTo: self }),
    ),
  },
  guards: {
    canSubmit: ({ context }) => context.email.trim() !== '' && context.password !== '',
    emailEmpty: ({ context }) => context.email === '',
  },
}).createMachine({
  id: 'loginForm',
  context: ({ input }) => ({ email: '', password: '', session: input.session }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'login.prefill': { guard: 'emailEmpty', actions: assign({ email: ({ event }) => event.email }) },
        'login.email.set': { actions: assign({ email: ({ event }) => event.value }) },
        'login.password.set': { actions: assign({ password: ({ event }) => event.value }) },
        'login.submit': { guard: 'canSubmit', target: 'submitting' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'askSession',
      on: {
        'session.granted': { target: 'signedIn' },
        'session.refused': { target: 'editing' },
      },
    },
    signedIn: {
      type: 'final',
    },
  },
});

export type LoginFormSnapshot = SnapshotFrom<typeof loginFormMachine>;

export const selectEmail = (s: LoginFormSnapshot) => s.context.email;
export const selectPassword = (s: LoginFormSnapshot) => s.context.password;
export const selectIsSubmitting = (s: LoginFormSnapshot) => s.hasTag('busy');
/** The submit button is enabled exactly when the machine would accept `login.submit`. */
export const selectCanSubmit = (s: LoginFormSnapshot) => s.can({ type: 'login.submit' });
