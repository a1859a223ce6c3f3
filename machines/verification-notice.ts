import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { refusalOr } from '@/domain/failure-message';
import { RESEND_FALLBACK } from '@/domain/email-verification';

export interface VerificationNoticeContext {
  error: string | null;
}

export type VerificationNoticeEvent = { type: 'verification.resend' };

/**
 * The Resend button of the layout's notice while the address is unverified.
 *
 * - `idle` until asked; `sending` while the server mails a new link (the button is busy);
 * - `sent` says a link is on its way; `failed` says why (e.g. too many asked for: the server's
 *   words). From either, `verification.resend` asks again.
 */
export const verificationNoticeMachine = setup({
  types: {
    context: {} as VerificationNoticeContext,
    events: {} as VerificationNoticeEvent,
  },
  actors: {
    resendVerification: fromPromise<void, void>(async () => {
      throw new Error('resendVerification actor not provided');
    }),
  },
}).createMachine({
  id: 'verificationNotice',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'verification.resend': { target: 'sending' } },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        id: 'resendVerification',
        src: 'resendVerification',
        onDone: { target: 'sent' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => refusalOr(event.error, RESEND_FALLBACK) }) },
      },
    },
    sent: {
      on: { 'verification.resend': { target: 'sending' } },
    },
    failed: {
      on: { 'verification.resend': { target: 'sending' } },
    },
  },
});

export type VerificationNoticeSnapshot = SnapshotFrom<typeof verificationNoticeMachine>;

export const selectError = (s: VerificationNoticeSnapshot) => s.context.error;
export const selectIsSending = (s: VerificationNoticeSnapshot) => s.hasTag('busy');
export const selectIsSent = (s: VerificationNoticeSnapshot) => s.matches('sent');
