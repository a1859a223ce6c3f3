import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { INVALID_RESET_TOKEN } from '@/domain/auth-errors';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { isAcceptableNewPassword, passwordMismatch, passwordRuleFailures } from '@/domain/password-rules';
import { messageShown, REDIRECT_DELAY_MS, redirectedToLogin } from './to-login.states';

export interface PasswordReset {
  token: string;
  password: string;
}

export interface ResetPasswordContext {
  /** From the link's path; '' when the link carried none. */
  token: string;
  password: string;
  confirm: string;
  error: string | null;
}

export type ResetPasswordEvent =
  | { type: 'reset.password.set'; value: string }
  | { type: 'reset.confirm.set'; value: string }
  | { type: 'reset.submit' }
  | { type: 'reset.error.clear' };

/**
 * Setting a new password from an e-mailed link (SPEC.md /reset-password/{token}).
 *
 * - `checkingLink` decides once: a link without a token can never succeed, so `invalidLink` says
 *   so (SPEC.md §5) instead of letting the user type a password for nothing.
 * - `editing` refuses `reset.submit` while a rule fails or the confirmation differs.
 * - A refused reset returns to `editing` with both fields cleared (SPEC.md: "the fields are
 *   cleared") and the error, which `reset.error.clear` dismisses.
 * - `succeeded` shows the success message for `redirectDelay` (3 s), then `goToLogin`.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { token: string | null },
  },
  actors: {
    resetPassword: fromPromise<void, PasswordReset>(async () => {
      throw new Error('resetPassword actor not provided');
    }),
  },
  actions: {
    goToLogin: () => {},
    clearError: assign({ error: null }),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    canSubmit: ({ context }) => isAcceptableNewPassword(context.password, context.confirm),
  },
  delays: {
    redirectDelay: REDIRECT_DELAY_MS,
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', password: '', confirm: '', error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [
        { guard: 'hasToken', target: 'editing' },
        { target: 'invalidLink', actions: assign({ error: INVALID_RESET_TOKEN }) },
      ],
    },
    invalidLink: {},
    editing: {
      on: {
        'reset.password.set': { actions: assign({ password: ({ event }) => event.value }) },
        'reset.confirm.set': { actions: assign({ confirm: ({ event }) => event.value }) },
        'reset.submit': { guard: 'canSubmit', target: 'submitting' },
        'reset.error.clear': { actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: { target: 'succeeded' },
        onError: {
          target: 'editing',
          actions: assign({
            password: '',
            confirm: '',
            error: ({ event }) => failureMessage('resetPassword', failureIn(event.error)),
          }),
        },
      },
    },
    succeeded: messageShown,
    redirected: redirectedToLogin,
  },
});

export type ResetPasswordSnapshot = SnapshotFrom<typeof resetPasswordMachine>;

export const selectPassword = (s: ResetPasswordSnapshot) => s.context.password;
export const selectConfirm = (s: ResetPasswordSnapshot) => s.context.confirm;
export const selectError = (s: ResetPasswordSnapshot) => s.context.error;
export const selectIsSubmitting = (s: ResetPasswordSnapshot) => s.hasTag('busy');
export const selectIsInvalidLink = (s: ResetPasswordSnapshot) => s.matches('invalidLink');
/** The success message stays up through the redirect. */
export const selectIsSucceeded = (s: ResetPasswordSnapshot) => s.matches('succeeded') || s.matches('redirected');
export const selectRuleFailures = (s: ResetPasswordSnapshot) => passwordRuleFailures(s.context.password);
export const selectMismatch = (s: ResetPasswordSnapshot) => passwordMismatch(s.context.password, s.context.confirm);
export const selectCanSubmit = (s: ResetPasswordSnapshot) => s.can({ type: 'reset.submit' });
