import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import { VERIFY_FALLBACK, VERIFY_INVALID_LINK } from '@/domain/email-verification';

export interface VerifyEmailContext {
  /** From the link's query; '' when the link carried none. */
  token: string;
  error: string | null;
}

export type VerifyEmailEvent = { type: 'verify.retry' };

/**
 * Opening the link of the verification mail (/verify-email?token=…): nothing to type, the token is
 * posted at once.
 *
 * - `checkingLink` decides once: a link without a token can never succeed (`invalidLink`).
 * - `verifying` posts the token; `verified` says so and runs `announceVerified` (the signed-in
 *   session reloads its user, so the layout's notice goes).
 * - `failed` shows why (a used or expired link: the server's words). `verify.retry` posts again,
 *   for a failure that was the network's.
 */
export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as VerifyEmailEvent,
    input: {} as { token: string | null },
  },
  actors: {
    verifyEmail: fromPromise<void, { token: string }>(async () => {
      throw new Error('verifyEmail actor not provided');
    }),
  },
  actions: {
    announceVerified: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
  },
}).createMachine({
  id: 'verifyEmail',
  context: ({ input }) => ({ token: input.token?.trim() ?? '', error: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'hasToken', target: 'verifying' }, { target: 'invalidLink' }],
    },
    invalidLink: {
      entry: assign({ error: VERIFY_INVALID_LINK }),
    },
    verifying: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'verified' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, VERIFY_FALLBACK) }) },
      },
    },
    verified: {
      type: 'final',
      entry: 'announceVerified',
    },
    failed: {
      on: { 'verify.retry': { target: 'verifying' } },
    },
  },
});

export type VerifyEmailSnapshot = SnapshotFrom<typeof verifyEmailMachine>;

export const selectError = (s: VerifyEmailSnapshot) => s.context.error;
export const selectIsVerifying = (s: VerifyEmailSnapshot) => s.hasTag('busy');
export const selectIsVerified = (s: VerifyEmailSnapshot) => s.matches('verified');
export const selectCanRetry = (s: VerifyEmailSnapshot) => s.can({ type: 'verify.retry' });
