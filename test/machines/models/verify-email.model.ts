import type { EventFromLogic } from 'xstate';
import { verifyEmailMachine } from '@machines/verify-email';
import { CallFailed } from '@/domain/call-failure';
import { type DoneEvent, type ErrorEvent, createFlowModel, fixtureError } from '../flow-model';

export type VerifyEmailModelEvent = EventFromLogic<typeof verifyEmailMachine> | DoneEvent<'verifyEmail', void> | ErrorEvent<'verifyEmail'>;

export const VERIFY_TOKEN = 'verify-token-123';
export const VERIFY_REFUSAL = 'Invalid or expired verification link. Sign in and ask for a new one.';

export const verifyEmailFixtures: VerifyEmailModelEvent[] = [
  { type: 'xstate.done.actor.verifyEmail', output: undefined },
  { type: 'xstate.error.actor.verifyEmail', error: new CallFailed({ kind: 'refused', status: 400, message: VERIFY_REFUSAL }) },
  { type: 'xstate.error.actor.verifyEmail', error: fixtureError('network down') },
];

/** Two links: one with a token, one that lost it. */
export const verifyEmailFlows = [VERIFY_TOKEN, null].map((token) => {
  const flow = createFlowModel(verifyEmailMachine, { fixtures: verifyEmailFixtures, input: { token } });
  return { token, flow, paths: flow.paths() };
});
