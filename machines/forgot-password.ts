import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';

export interface ForgotPasswordContext {
  email: string;
  error: string | null;
}

export type ForgotPasswordEvent = { type: 'forgot.email.set'; value: string } | { type: 'forgot.submit' } | { type: 'forgot.error.clear' };

/**
 * "Send Reset Link" (SPEC.md /forgot-password).
 *
 * - `editing` holds the e-mail; `forgot.submit` needs a non-blank one (SPEC.md §5: e-mail required).
 * - `submitting` clears the previous error first; a failure goes back to `editing` with the error,
 *   which `forgot.error.clear` (the alert's close button) dismisses.
 * - `sent` is final: the server answers the same whether the account exists or not, so the screen
 *   shows the one neutral success text and nothing else can happen.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
  },
  actors: {
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('requestReset actor not provided');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
  },
  guards: {
    hasEmail: ({ context }) => context.email.trim() !== '',
  },
}).createMachine({
  id: 'forgotPassword',
  context: { email: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'forgot.email.set': { actions: assign({ email: ({ event }) => event.value }) },
        'forgot.submit': { guard: 'hasEmail', target: 'submitting' },
        'forgot.error.clear': { actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent' },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureMessage('forgotPassword', failureIn(event.error)) }),
        },
      },
    },
    sent: {
      type: 'final',
    },
  },
});

export type ForgotPasswordSnapshot = SnapshotFrom<typeof forgotPasswordMachine>;

export const selectEmail = (s: ForgotPasswordSnapshot) => s.context.email;
export const selectError = (s: ForgotPasswordSnapshot) => s.context.error;
export const selectIsSubmitting = (s: ForgotPasswordSnapshot) => s.hasTag('busy');
export const selectIsSent = (s: ForgotPasswordSnapshot) => s.matches('sent');
export const selectCanSubmit = (s: ForgotPasswordSnapshot) => s.can({ type: 'forgot.submit' });
