import { createActor, type EventFromLogic, fromCallback } from 'xstate';
import type { SessionRequest } from '@machines/auth';
import { authCallbackMachine, type CallbackInput } from '@machines/auth-callback';
import { CallFailed } from '@/domain/call-failure';
import { type AfterEvent, type DoneEvent, type ErrorEvent, createFlowModel } from '../flow-model';

export type AuthCallbackModelEvent =
  | EventFromLogic<typeof authCallbackMachine>
  | DoneEvent<'exchangeToken', string | null>
  | ErrorEvent<'exchangeToken'>
  | DoneEvent<'retryExchangeToken', string | null>
  | ErrorEvent<'retryExchangeToken'>
  | AfterEvent<'retryDelay', 'authCallback.waitingToRetry'>
  | AfterEvent<'redirectDelay', 'authCallback.failed'>;

export const authCallbackFixtures: AuthCallbackModelEvent[] = [
  { type: 'xstate.done.actor.exchangeToken', output: 'cookie-token' },
  { type: 'xstate.done.actor.exchangeToken', output: null },
  { type: 'xstate.error.actor.exchangeToken', error: new CallFailed({ kind: 'refused', status: 500, message: null }) },
  { type: 'xstate.done.actor.retryExchangeToken', output: 'late-cookie-token' },
  { type: 'xstate.done.actor.retryExchangeToken', output: null },
  { type: 'xstate.error.actor.retryExchangeToken', error: new CallFailed({ kind: 'no-answer' }) },
];

/** When the callback screen opens in every case (the machine reads no clock). */
export const openedAt = Date.UTC(2025, 1, 7, 10, 0, 0);
const minutesBefore = (minutes: number) => openedAt - minutes * 60_000;

/** An `error` a link can carry: markup, control and direction characters, far too long. */
export const craftedError = `<b>Call\u0000 +1 555 0100</b>\u202e\n${'A'.repeat(300)}`;

export interface CallbackArrival {
  name: string;
  input: CallbackInput;
  /** The message shown at once, before any call (SPEC.md §8), or null. */
  shownError: string | null;
  /** Whether the token in the query is used (a sign-in this browser started, less than 10 minutes ago). */
  usesQueryToken: boolean;
}

/**
 * The ways to arrive: a token in the query for a sign-in this browser started (used) or did not
 * start, or started too long ago (both ignored: the cookie is asked for instead); an error in the
 * query (plain, or crafted: shown as bounded text); nothing (cookie session).
 */
export const callbackArrivals: CallbackArrival[] = [
  {
    name: 'token of a sign-in started here',
    input: { token: 'query-token', error: null, signInStartedAt: minutesBefore(1), now: openedAt },
    shownError: null,
    usesQueryToken: true,
  },
  {
    name: 'token, no sign-in started here',
    input: { token: 'query-token', error: null, signInStartedAt: null, now: openedAt },
    shownError: null,
    usesQueryToken: false,
  },
  {
    name: 'token, sign-in started 11 minutes ago',
    input: { token: 'query-token', error: null, signInStartedAt: minutesBefore(11), now: openedAt },
    shownError: null,
    usesQueryToken: false,
  },
  {
    name: 'error',
    input: { token: null, error: 'access_denied', signInStartedAt: minutesBefore(1), now: openedAt },
    shownError: 'Authentication error: access_denied',
    usesQueryToken: false,
  },
  {
    name: 'crafted error',
    input: { token: null, error: craftedError, signInStartedAt: null, now: openedAt },
    shownError: `Authentication error: <b>Call +1 555 0100</b> ${'A'.repeat(175)}…`,
    usesQueryToken: false,
  },
  {
    name: 'nothing',
    input: { token: null, error: null, signInStartedAt: null, now: openedAt },
    shownError: null,
    usesQueryToken: false,
  },
];

/**
 * The session the paths are walked against (any actor taking its requests: the walk is pure,
 * nothing is sent). Tests give each path its own, and compare the context without it.
 */
export const walkedSession = createActor(fromCallback<SessionRequest>(() => undefined));

export const authCallbackFlows = callbackArrivals.map((arrival) => {
  const flow = createFlowModel(authCallbackMachine, {
    fixtures: authCallbackFixtures,
    input: { ...arrival.input, session: walkedSession },
  });
  return { ...arrival, flow, paths: flow.paths() };
});
