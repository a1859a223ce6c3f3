import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, fromCallback } from 'xstate';
import {
  type AuthEvent,
  authMachine,
  selectIsAuthenticated,
  selectIsResolving,
  selectSessionEnded,
  type Credentials,
  type LoginResult,
  type User,
} from '@machines/auth';
import { describeModel } from './describe-model';
import type { Executors } from './flow-model';
import { CallFailed } from '@/domain/call-failure';
import { type AuthModelEvent, ada, authFlows, replies, requester } from './models/auth.model';
import { pendingCall } from './pending-call';
import { nextSnapshot } from './next-snapshot';

describeModel('auth machine', authMachine, authFlows, async (path, { token, flow }) => {
  const login = pendingCall<LoginResult, Credentials>('login');
  const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
  const logout = pendingCall<void, { token: string | null }>('logout');
  // The browser's storage and the query cache, as the effects leave them.
  let stored: string | null = token;
  // A stored token whose check got no verdict (no answer, a 5xx): kept in storage for the next visit.
  let unchecked: string | null = null;
  let cacheResets = 0;
  // Whether the requester (the screen that asked to sign in) still waits for its answer.
  let awaiting = false;
  replies.length = 0;
  let repliesSeen = 0;
  // Another tab's writes: the storage, then the event the browser fires in this tab.
  let fromAnotherTab: (event: AuthEvent) => void = () => {
    throw new Error('the stored token is not watched');
  };
  const actor = createActor(
    authMachine.provide({
      actors: {
        login: login.logic,
        fetchUser: fetchUser.logic,
        logout: logout.logic,
        watchStoredToken: fromCallback(({ sendBack }) => {
          fromAnotherTab = sendBack;
          return () => {
            fromAnotherTab = () => {
              throw new Error('the storage watcher stopped');
            };
          };
        }),
      },
      actions: {
        persistToken: ({ context }) => {
          stored = context.token;
          unchecked = null;
        },
        forgetToken: () => {
          stored = null;
          unchecked = null;
        },
        resetCache: () => void cacheResets++,
      },
    }),
    { input: { token } },
  ).start();

  const settle = async (settleCall: () => void) => {
    const moved = nextSnapshot(actor);
    settleCall();
    await moved;
  };
  /** Only the server's 401 ends a session; any other failure leaves the stored token where it was. */
  const userCallFailed = async (error: unknown, settleCall: () => void) => {
    const before = actor.getSnapshot();
    const storedBefore = stored;
    await settle(settleCall);
    const after = actor.getSnapshot();
    const refused = error instanceof CallFailed && error.failure.kind === 'refused' && error.failure.status === 401;
    expect(stored).toBe(refused ? null : storedBefore);
    if (before.matches('authenticated')) {
      expect(selectSessionEnded(after)).toBe(refused);
      if (!refused) expect(after.matches({ authenticated: 'idle' }) && after.context.user).toEqual(before.context.user);
    } else if (!refused) {
      unchecked = before.context.token;
    }
  };
  const loggedOut = async (settleCall: () => void) => {
    const resetsBefore = cacheResets;
    await settle(settleCall);
    // SPEC.md §4: logout always ends with token and user cleared and the cache reset, even if the call fails.
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null });
    expect(cacheResets).toBe(resetsBefore + 1);
  };

  await flow.run(
    path,
    {
      'auth.login': (event) => {
        awaiting ||= event.replyTo === requester;
        actor.send(event);
      },
      'auth.token.received': (event) => {
        awaiting ||= event.replyTo === requester;
        actor.send(event);
      },
      'auth.refresh': (event) => actor.send(event),
      'auth.logout': (event) => actor.send(event),
      'auth.error.clear': (event) => actor.send(event),
      'auth.token.stored': (event) => {
        stored = event.token;
        unchecked = null;
        fromAnotherTab(event);
      },
      'auth.token.cleared': (event) => {
        stored = null;
        unchecked = null;
        fromAnotherTab(event);
      },
      'xstate.done.actor.login': (event) => settle(() => login.resolve(event.output)),
      'xstate.error.actor.login': (event) => settle(() => login.reject(event.error)),
      'xstate.done.actor.loadUser': (event) => settle(() => fetchUser.resolve(event.output)),
      'xstate.error.actor.loadUser': (event) => userCallFailed(event.error, () => fetchUser.reject(event.error)),
      'xstate.done.actor.refreshUser': (event) => settle(() => fetchUser.resolve(event.output)),
      'xstate.error.actor.refreshUser': (event) => userCallFailed(event.error, () => fetchUser.reject(event.error)),
      'xstate.done.actor.logout': (event) => loggedOut(() => logout.resolve(event.output)),
      'xstate.error.actor.logout': (event) => loggedOut(() => logout.reject(event.error)),
    } satisfies Executors<AuthModelEvent>,
    (expected) => {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      // SPEC.md §4: the stored token is the session — storage and machine never disagree, but for
      // a token whose check got no verdict, which this visit does not use and the next one tries again.
      expect(stored).toBe(snapshot.context.token ?? unchecked);
      if (unchecked !== null) expect(snapshot.matches({ anonymous: 'visiting' }) || snapshot.matches('loggingIn')).toBe(true);
      if (selectIsAuthenticated(snapshot)) {
        expect(snapshot.context.token).not.toBeNull();
        expect(snapshot.context.user).not.toBeNull();
      }
      if (snapshot.matches('anonymous')) expect(snapshot.context.user).toBeNull();
      if (snapshot.matches('loggingIn')) {
        expect(snapshot.context.error).toBeNull();
        expect(login.inputs.at(-1)).toEqual({ email: 'ada@example.com', password: 'Str0ng!pass' });
      }
      if (snapshot.matches('loadingUser') || snapshot.matches({ authenticated: 'refreshing' })) {
        expect(fetchUser.inputs.at(-1)).toEqual({ token: snapshot.context.token });
      }
      if (snapshot.matches('loggingOut')) expect(logout.inputs.at(-1)).toEqual({ token: snapshot.context.token });
      expect(selectIsResolving(snapshot)).toBe(snapshot.matches('loadingUser'));
      // A screen that asked to sign in hears exactly one answer, once the session has decided: signed in, or refused
      // (the error says why). Credentials live only while the session is busy with them or with what they wait for.
      const heard = replies.slice(repliesSeen);
      repliesSeen = replies.length;
      if (awaiting && snapshot.context.requester === null) {
        expect(heard).toEqual([selectIsAuthenticated(snapshot) ? 'session.granted' : 'session.refused']);
        awaiting = false;
      } else {
        expect(heard).toEqual([]);
        expect(snapshot.context.requester).toBe(awaiting ? requester : null);
      }
      if (snapshot.context.login !== null) expect(snapshot.hasTag('busy')).toBe(true);
      // The route guard's plain /login: only after a session held in this visit ended.
      if (selectSessionEnded(snapshot)) expect(snapshot.context).toMatchObject({ token: null, user: null });
    },
  );
});

describe('auth machine, a sign-in asked for while the session is busy', () => {
  const start = (token: string | null) => {
    const login = pendingCall<LoginResult, Credentials>('login');
    const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
    const actor = createActor(authMachine.provide({ actors: { login: login.logic, fetchUser: fetchUser.logic } }), {
      input: { token },
    }).start();
    replies.length = 0;
    return { login, fetchUser, actor };
  };
  const credentials = { email: 'ada@example.com', password: 'Str0ng!pass' };

  it('waits for a stored token being checked: a good one signs in without a login call', async () => {
    const { login, fetchUser, actor } = start('stored-token');
    actor.send({ type: 'auth.login', ...credentials, replyTo: requester });
    expect(replies).toEqual([]);
    await settled(actor, () => fetchUser.resolve(ada));
    expect(replies).toEqual(['session.granted']);
    expect(login.inputs).toEqual([]);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'stored-token', requester: null, login: null });
  });

  it('waits for a stored token being checked: a refused one, then the login runs with the credentials', async () => {
    const { login, fetchUser, actor } = start('stored-token');
    actor.send({ type: 'auth.login', ...credentials, replyTo: requester });
    await settled(actor, () => fetchUser.reject(new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' })));
    expect(actor.getSnapshot().value).toBe('loggingIn');
    expect(login.inputs).toEqual([credentials]);
    expect(replies).toEqual([]);
    await settled(actor, () => login.reject(new CallFailed({ kind: 'refused', status: 401, message: 'Invalid e-mail or password' })));
    expect(replies).toEqual(['session.refused']);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, requester: null, login: null });
    expect(actor.getSnapshot().context.error).not.toBeNull();
  });

  it('answers at once when already signed in, and a redirect token replaces a login waiting', async () => {
    const { login, fetchUser, actor } = start('stored-token');
    actor.send({ type: 'auth.login', ...credentials, replyTo: requester });
    actor.send({ type: 'auth.token.received', token: 'google-token', replyTo: requester });
    expect(actor.getSnapshot().context).toMatchObject({ token: 'google-token', login: null });
    while (fetchUser.pending > 1) fetchUser.resolve(ada); // the first load's actor is gone
    await settled(actor, () => fetchUser.resolve(ada));
    expect(replies).toEqual(['session.granted']);
    actor.send({ type: 'auth.login', ...credentials, replyTo: requester });
    expect(replies).toEqual(['session.granted', 'session.granted']);
    expect(login.inputs).toEqual([]);
  });
});

describe('auth machine, re-reading the user of a session', () => {
  const signedIn = async () => {
    const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
    const forgotten: string[] = [];
    const actor = createActor(
      authMachine.provide({ actors: { fetchUser: fetchUser.logic }, actions: { forgetToken: () => void forgotten.push('token') } }),
      { input: { token: 'stored-token' } },
    ).start();
    await settled(actor, () => fetchUser.resolve(ada));
    actor.send({ type: 'auth.refresh' });
    expect(actor.getSnapshot().matches({ authenticated: 'refreshing' })).toBe(true);
    return { fetchUser, forgotten, actor };
  };

  it.each([
    ['no answer (offline)', new CallFailed({ kind: 'no-answer' })],
    ['a reload aborting the call', new DOMException('The operation was aborted.', 'AbortError')],
    ['a 503', new CallFailed({ kind: 'refused', status: 503, message: null })],
    ['a 403', new CallFailed({ kind: 'refused', status: 403, message: 'Forbidden' })],
  ])('keeps the session and its user on %s', async (_, error) => {
    const { fetchUser, forgotten, actor } = await signedIn();
    await settled(actor, () => fetchUser.reject(error));
    expect(actor.getSnapshot().matches({ authenticated: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'stored-token', user: ada });
    expect(forgotten).toEqual([]);
  });

  it('ends the session when the server answers 401', async () => {
    const { fetchUser, forgotten, actor } = await signedIn();
    await settled(actor, () => fetchUser.reject(new CallFailed({ kind: 'refused', status: 401, message: 'Invalid or expired session' })));
    expect(selectSessionEnded(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, error: 'Session expired. Please log in again.' });
    expect(forgotten).toEqual(['token']);
  });
});

async function settled(actor: AnyActorRef, settle: () => void) {
  const moved = nextSnapshot(actor);
  settle();
  await moved;
}

describe('auth machine and the acting project', () => {
  it('starts the acting project from the pick of the last visit while signed in, and forgets the pick when the session ends', async () => {
    const fetchUser = pendingCall<User, { token: string | null }>('fetchUser');
    const picks: Array<string | null> = [];
    let forgotten = 0;
    const actor = createActor(
      authMachine.provide({
        actors: { fetchUser: fetchUser.logic },
        actions: {
          forgetProject: () => {
            forgotten += 1;
          },
        },
      }),
      { input: { token: 'stored-token', project: 'prj_00000042' } },
    ).start();
    expect(actor.getSnapshot().children.actingProject).toBeUndefined();
    const signedIn = nextSnapshot(actor);
    fetchUser.resolve(ada);
    await signedIn;
    const project = actor.getSnapshot().children.actingProject;
    picks.push(project?.getSnapshot().context.picked ?? null);
    expect(picks).toEqual(['prj_00000042']);
    actor.send({ type: 'auth.token.cleared' });
    expect(forgotten).toBe(1);
    expect(actor.getSnapshot().context.project).toBeNull();
    expect(actor.getSnapshot().children.actingProject).toBeUndefined();
  });
});
