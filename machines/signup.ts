import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { isAcceptableNewPassword, passwordMismatch, passwordRuleFailures } from '@/domain/password-rules';

export interface Registration {
  email: string;
  password: string;
}

export interface SignupContext {
  email: string;
  password: string;
  confirm: string;
  error: string | null;
}

export type SignupEvent =
  | { type: 'signup.email.set'; value: string }
  | { type: 'signup.password.set'; value: string }
  | { type: 'signup.confirm.set'; value: string }
  | { type: 'signup.submit' }
  | { type: 'signup.error.clear' };

const canSubmit = ({ email, password, confirm }: SignupContext) => email.trim() !== '' && isAcceptableNewPassword(password, confirm);

/**
 * Sign-up form (SPEC.md /signup, §4: signup success does not authenticate).
 *
 * - `editing` owns the three fields; rule failures and the mismatch are derived from them, never
 *   stored, and `signup.submit` is refused by the `canSubmit` guard while any of them would show.
 * - `submitting` clears the previous error first (SPEC.md §4: errors clear at the start of each
 *   operation) and keeps the fields, so a refused e-mail can be corrected without retyping.
 * - `registered` is final: the account exists, the user logs in next (`goToLogin`).
 */
export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
  },
  actors: {
    register: fromPromise<void, Registration>(async () => {
      throw new Error('register actor not provided');
    }),
  },
  actions: {
    goToLogin: () => {},
    clearError: assign({ error: null }),
  },
  guards: {
    canSubmit: ({ context }) => canSubmit(context),
  },
}).createMachine({
  id: 'signup',
  context: { email: '', password: '', confirm: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'signup.email.set': { actions: assign({ email: ({ event }) => event.value }) },
        'signup.password.set': { actions: assign({ password: ({ event }) => event.value }) },
        'signup.confirm.set': { actions: assign({ confirm: ({ event }) => event.value }) },
        'signup.submit': { guard: 'canSubmit', target: 'submitting' },
        'signup.error.clear': { actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'registered' },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureMessage('register', failureIn(event.error)) }),
        },
      },
    },
    registered: {
      type: 'final',
      entry: 'goToLogin',
    },
  },
});

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

export const selectEmail = (s: SignupSnapshot) => s.context.email;
export const selectPassword = (s: SignupSnapshot) => s.context.password;
export const selectConfirm = (s: SignupSnapshot) => s.context.confirm;
export const selectError = (s: SignupSnapshot) => s.context.error;
export const selectIsSubmitting = (s: SignupSnapshot) => s.hasTag('busy');
/** Rules the password still breaks, in SPEC.md order (compare with shallowEqual). */
export const selectRuleFailures = (s: SignupSnapshot) => passwordRuleFailures(s.context.password);
export const selectMismatch = (s: SignupSnapshot) => passwordMismatch(s.context.password, s.context.confirm);
/** The submit button is enabled exactly when the machine would accept `signup.submit`. */
export const selectCanSubmit = (s: SignupSnapshot) => s.can({ type: 'signup.submit' });
