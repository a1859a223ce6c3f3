import type { EventFromLogic } from 'xstate';
import { verificationNoticeMachine } from '@machines/verification-notice';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel, fixtureError } from '../flow-model';

export type VerificationNoticeModelEvent =
  | EventFromLogic<typeof verificationNoticeMachine>
  | DoneEvent<'resendVerification', void>
  | ErrorEvent<'resendVerification'>;

export const RESEND_REFUSAL = 'Too many verification mails asked for. Please wait a few minutes and try again.';

export const verificationNoticeFixtures: VerificationNoticeModelEvent[] = [
  { type: 'xstate.done.actor.resendVerification', output: undefined },
  { type: 'xstate.error.actor.resendVerification', error: new CallFailed({ kind: 'refused', status: 429, message: RESEND_REFUSAL }) },
  { type: 'xstate.error.actor.resendVerification', error: fixtureError('network down') },
];

export const verificationNoticeFlow = createFlowModel(verificationNoticeMachine, { fixtures: verificationNoticeFixtures });
export const verificationNoticePaths = verificationNoticeFlow.paths();
