import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authCallbackMachine, selectError } from '@machines/auth-callback';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AuthCallbackModelEvent, authCallbackFlows, openedAt } from './models/auth-callback.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

/** SPEC.md §8, word for word, by where the flow failed (a query's own error is checked by its arrival). */
const expectedMessages = new Set(['Authentication failed: No token received', 'Unable to complete authentication. Please try again.']);

describeModel(
  'auth callback machine',
  authCallbackMachine,
  authCallbackFlows,
  async (path, { input, shownError, usesQueryToken, flow }) => {
    const exchangeToken = pendingCall<string | null>('exchangeToken');
    const acceptToken = pendingCall<void, { token: string }>('acceptToken');
    const navigations: string[] = [];
    const effects: string[] = [];
    const actor = createActor(
      authCallbackMachine.provide({
        actors: { exchangeToken: exchangeToken.logic, acceptToken: acceptToken.logic },
        actions: {
          forgetSignInAttempt: () => void effects.push('forgetSignInAttempt'),
          hideQueryToken: () => void effects.push('hideQueryToken'),
          goHome: () => void navigations.push('/'),
          goToLogin: () => void navigations.push('/login'),
        },
        delays: { retryDelay: 10, redirectDelay: 20 },
      }),
      { input },
    ).start();
    // Whatever the query holds, the attempt is used up and the token leaves the address bar, once.
    expect(effects).toEqual(['forgetSignInAttempt', 'hideQueryToken']);

    const settle = async (settleCall: () => void) => {
      const moved = nextSnapshot(actor);
      settleCall();
      await moved;
    };

    await flow.run(
      path,
      {
        'xstate.done.actor.exchangeToken': (event) => settle(() => exchangeToken.resolve(event.output)),
        'xstate.error.actor.exchangeToken': (event) => settle(() => exchangeToken.reject(event.error)),
        'xstate.done.actor.retryExchangeToken': (event) => settle(() => exchangeToken.resolve(event.output)),
        'xstate.error.actor.retryExchangeToken': (event) => settle(() => exchangeToken.reject(event.error)),
        'xstate.done.actor.acceptToken': (event) => settle(() => acceptToken.resolve(event.output)),
        'xstate.error.actor.acceptToken': (event) => settle(() => acceptToken.reject(event.error)),
        'xstate.after.retryDelay.authCallback.waitingToRetry': async () => {
          expect(exchangeToken.inputs).toHaveLength(1);
          await nextSnapshot(actor);
        },
        'xstate.after.redirectDelay.authCallback.failed': async () => {
          expect(navigations).toEqual([]);
          await nextSnapshot(actor);
        },
      } satisfies Executors<AuthCallbackModelEvent>,
      (expected) => {
        const snapshot = actor.getSnapshot();
        expect(snapshot.value).toEqual(expected.value);
        expect(snapshot.context).toEqual(expected.context);
        const error = selectError(snapshot);
        if (shownError !== null) expect(error).toBe(shownError);
        else if (error !== null) expect(expectedMessages).toContain(error);
        // A query token of a sign-in started here is used as is: the cookie is never asked for.
        if (usesQueryToken) expect(exchangeToken.inputs).toEqual([]);
        // Anyone else's is never handed to the session: the cookie decides.
        if (input.token !== null && !usesQueryToken) {
          expect(snapshot.context.token).not.toBe(input.token);
          expect(acceptToken.inputs).not.toContainEqual({ token: input.token });
        }
        if (snapshot.matches('signingIn')) expect(acceptToken.inputs.at(-1)).toEqual({ token: snapshot.context.token });
        expect(navigations).toEqual(snapshot.matches('signedIn') ? ['/'] : snapshot.matches('redirected') ? ['/login'] : []);
      },
    );
  },
);

describe('auth callback machine', () => {
  it('retries after 1 s and leaves for /login after 3 s (SPEC.md §9)', () => {
    expect(authCallbackMachine.implementations.delays).toEqual({ retryDelay: 1000, redirectDelay: 3000 });
  });

  it('asks for the cookie exactly twice before giving up', async () => {
    const exchangeToken = pendingCall<string | null>('exchangeToken');
    const actor = createActor(authCallbackMachine.provide({ actors: { exchangeToken: exchangeToken.logic }, delays: { retryDelay: 5 } }), {
      input: { token: null, error: null, signInStartedAt: null, now: openedAt },
    }).start();
    exchangeToken.resolve(null);
    await nextSnapshot(actor); // waitingToRetry
    await nextSnapshot(actor); // retrying
    exchangeToken.resolve(null);
    await nextSnapshot(actor);
    expect(exchangeToken.inputs).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBe('Authentication failed: No token received');
  });

  it('never hands a linked token to the session when this browser started no sign-in', async () => {
    const exchangeToken = pendingCall<string | null>('exchangeToken');
    const acceptToken = pendingCall<void, { token: string }>('acceptToken');
    const navigations: string[] = [];
    const actor = createActor(
      authCallbackMachine.provide({
        actors: { exchangeToken: exchangeToken.logic, acceptToken: acceptToken.logic },
        actions: { goToLogin: () => void navigations.push('/login') },
        delays: { retryDelay: 5, redirectDelay: 5 },
      }),
      { input: { token: 'link-makers-session', error: null, signInStartedAt: null, now: openedAt } },
    ).start();
    exchangeToken.resolve(null); // this browser holds no session cookie either
    await nextSnapshot(actor); // waitingToRetry
    await nextSnapshot(actor); // retrying
    exchangeToken.resolve(null);
    await nextSnapshot(actor); // failed
    expect(actor.getSnapshot().context.error).toBe('Authentication failed: No token received');
    await nextSnapshot(actor); // redirected
    expect(navigations).toEqual(['/login']);
    expect(acceptToken.inputs).toEqual([]);
  });
});
