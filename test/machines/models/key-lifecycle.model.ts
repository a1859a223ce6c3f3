import type { EventFromLogic } from 'xstate';
import { keyLifecycleMachine } from '@machines/key-lifecycle';
import type { KeyLifecycleInput } from '@machines/key-lifecycle.types';
import { CallFailed } from '@/domain/call-failure';
import { EXPIRY_IN_PAST } from '@/domain/key-lifecycle';
import { type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type KeyLifecycleModelEvent =
  | EventFromLogic<typeof keyLifecycleMachine>
  | DoneEvent<'rollKey', void>
  | ErrorEvent<'rollKey'>
  | DoneEvent<'setKeyExpiry', void>
  | ErrorEvent<'setKeyExpiry'>
  | DoneEvent<'clearKeyExpiry', void>
  | ErrorEvent<'clearKeyExpiry'>;

export const NEVER_EXPIRES: KeyLifecycleInput = { id: '41', name: 'Backend', lastDay: '' };
export const EXPIRES: KeyLifecycleInput = { id: '42', name: 'Frontend', lastDay: '2027-01-31' };
export const NEW_DAY = '2027-06-30';
export const ROLL_FAILURE = 'API key not found.';

/** A day picked, text that is no day (Save does nothing), a grace other than the first; each call's answer and refusal. */
export const keyLifecycleFixtures: KeyLifecycleModelEvent[] = [
  { type: 'roll.grace', grace: '7d' },
  { type: 'expiry.day', value: NEW_DAY },
  { type: 'expiry.day', value: '2027-02-30' },
  { type: 'xstate.done.actor.rollKey', output: undefined },
  { type: 'xstate.error.actor.rollKey', error: new CallFailed({ kind: 'refused', status: 404, message: ROLL_FAILURE }) },
  { type: 'xstate.done.actor.setKeyExpiry', output: undefined },
  { type: 'xstate.error.actor.setKeyExpiry', error: new CallFailed({ kind: 'refused', status: 400, message: EXPIRY_IN_PAST }) },
  { type: 'xstate.done.actor.clearKeyExpiry', output: undefined },
  { type: 'xstate.error.actor.clearKeyExpiry', error: new CallFailed({ kind: 'no-answer' }) },
];

export const keyLifecycleFlows = [NEVER_EXPIRES, EXPIRES].map((input) => ({
  input,
  flow: createFlowModel(keyLifecycleMachine, { fixtures: keyLifecycleFixtures, input }),
}));
