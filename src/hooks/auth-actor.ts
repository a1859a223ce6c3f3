import { createActorContext } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { actingProjectMachine } from '@machines/acting-project';
import { type AuthEvent, authMachine } from '@machines/auth';
import { projectCalls } from '@/api/project-calls';
import { writeProject } from '@/api/project-store';
import { authCalls } from '@/api/auth-calls';
import { clearToken, watchToken, writeToken } from '@/api/token-store';
import { clearServerCache } from '@/hooks/server-cache';

/**
 * The acting project with the SPA's effects: the pick stored where the API client reads it (and for
 * the next visit), the server data of the previous project forgotten. Tests give their own projects.
 */
export function appActingProjectMachine(listProjects: typeof projectCalls.listProjects = (signal) => projectCalls.listProjects(signal)) {
  return actingProjectMachine.provide({
    actions: {
      storePick: (_, { picked }) => writeProject(picked),
      resetCache: () => clearServerCache(),
    },
    actors: { listProjects: fromPromise(({ signal }) => listProjects(signal)) },
  });
}

/**
 * The auth machine with the SPA's effects: the token in localStorage (and its changes by other
 * tabs), the project picked, the server-data cache cleared at logout, and the calls to the API. Tests provide their
 * own actors on top of this.
 */
export const appAuthMachine = authMachine.provide({
  actions: {
    persistToken: ({ context }) => {
      if (context.token !== null) writeToken(context.token);
    },
    forgetToken: () => clearToken(),
    forgetProject: () => writeProject(null),
    resetCache: () => clearServerCache(),
  },
  actors: {
    ...authCalls,
    actingProject: appActingProjectMachine(),
    watchStoredToken: fromCallback(({ sendBack }) =>
      watchToken((token) => {
        const event: AuthEvent = token === null ? { type: 'auth.token.cleared' } : { type: 'auth.token.stored', token };
        sendBack(event);
      }),
    ),
  },
});

/**
 * The one app-wide auth actor; views read it with `AuthActor.useSelector(select...)` from machines/auth.
 * Screens that sign in (login form, auth callback) take its ref as their machine's input and talk
 * to it with events: a request naming their actor, the session's reply to it.
 */
export const AuthActor = createActorContext(appAuthMachine);
