import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine, type User } from '@machines/auth';
import { authCallbackMachine, selectError } from '@machines/auth-callback';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { type AuthCallbackModelEvent, authCallbackFlows, openedAt } from './models/auth-callback.model';
import { ada } from './models/auth.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';
import { sessionStub } from './session-stub';

/** SPEC.md §8, word for word, by where the flow failed (a query's own error is checked by its arrival). */
const expectedMessages = new Set(['Authentication failed: No token received', 'Unable to complete authentication. Please try again.']);

describeModel(
  'auth callback machine',
  authCallbackMachine,
  authCallbackFlows,
  async (path, { input, shownError, usesQueryToken, flow }) => {
    const exchangeToken = pendingCall<string | null>('exchangeToken');
    const session = sessionStub();
    const navigations: string[] = [];
    const effects: string[] = [];
    const actor = createActor(
      authCallbackMachine.provide({
        actors: { exchangeToken: exchangeToken.logic },
        actions: {
          forgetSignInAttempt: () => void effects.push('forgetSignInAttempt'),
          hideQueryToken: () => void effects.push('hideQueryToken'),
          goHome: () => void navigations.push('/'),
          goToLogin: () => void navigations.push('/login'),
        },
        delays: { retryDelay: 10, redirectDelay: 20 },
      }),
      { input: { ...input, session: session.actor } },
    ).start();
    // Whatever the query holds, the attempt is used up and the token leaves the address bar, once.
    expect(effects).toEqual(['forgetSignInAttempt', 'hideQueryToken']);

    let handedOver = false;
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
        'session.granted': () => session.answer('session.granted'),
        'session.refused': () => session.answer('session.refused'),
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
        const { session: ref, ...context } = snapshot.context;
        const { session: _walked, ...expectedContext } = expected.context;
        expect(context).toEqual(expectedContext);
        expect(ref).toBe(session.actor);
        const error = selectError(snapshot);
        if (shownError !== null) expect(error).toBe(shownError);
        else if (error !== null) expect(expectedMessages).toContain(error);
        // A query token of a sign-in started here is used as is: the cookie is never asked for.
        if (usesQueryToken) expect(exchangeToken.inputs).toEqual([]);
        // Anyone else's is never handed to the session: the cookie decides.
        if (input.token !== null && !usesQueryToken) {
          expect(snapshot.context.token).not.toBe(input.token);
          expect(session.requests).not.toContainEqual(expect.objectContaining({ token: input.token }));
        }
        // The session is asked once, on reaching `signingIn`, with the token and this actor to answer.
        handedOver ||= snapshot.matches('signingIn');
        expect(session.requests).toEqual(
          handedOver ? [{ type: 'auth.token.received', token: snapshot.context.token, replyTo: actor }] : [],
        );
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
      input: { token: null, error: null, signInStartedAt: null, now: openedAt, session: sessionStub().actor },
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
    const session = sessionStub();
    const navigations: string[] = [];
    const actor = createActor(
      authCallbackMachine.provide({
        actors: { exchangeToken: exchangeToken.logic },
        actions: { goToLogin: () => void navigations.push('/login') },
        delays: { retryDelay: 5, redirectDelay: 5 },
      }),
      { input: { token: 'link-makers-session', error: null, signInStartedAt: null, now: openedAt, session: session.actor } },
    ).start();
    exchangeToken.resolve(null); // this browser holds no session cookie either
    await nextSnapshot(actor); // waitingToRetry
    await nextSnapshot(actor); // retrying
    exchangeToken.resolve(null);
    await nextSnapshot(actor); // failed
    expect(actor.getSnapshot().context.error).toBe('Authentication failed: No token received');
    await nextSnapshot(actor); // redirected
    expect(navigations).toEqual(['/login']);
    expect(session.requests).toEqual([]);
  });

  it('hands its token to a session that has not started yet (its screen starts first), and hears the answer once it has', async () => {
    const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
    const session = createActor(authMachine.provide({ actors: { fetchUser: fetchUser.logic } }), { input: { token: null } });
    const navigations: string[] = [];
    const callback = createActor(authCallbackMachine.provide({ actions: { goHome: () => void navigations.push('/') } }), {
      input: { token: 'query-token', error: null, signInStartedAt: openedAt - 60_000, now: openedAt, session },
    }).start();
    expect(callback.getSnapshot().value).toBe('signingIn');
    session.start();
    expect(session.getSnapshot().value).toBe('loadingUser');
    expect(fetchUser.inputs).toEqual([{ token: 'query-token' }]);
    const answered = nextSnapshot(callback);
    fetchUser.resolve(ada);
    await answered;
    expect(callback.getSnapshot().value).toBe('signedIn');
    expect(navigations).toEqual(['/']);
  });
});
