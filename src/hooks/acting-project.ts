import { useSelector } from '@xstate/react';
import type { ActingProjectSnapshot } from '@machines/acting-project';
import { selectActingProject } from '@machines/auth';
import { AuthActor } from './auth-actor';

/** The acting project's actor while signed in (the session spawns it); undefined otherwise. */
export function useActingProjectRef() {
  return AuthActor.useSelector(selectActingProject);
}

/**
 * Reads the acting project through a selector of machines/acting-project.selectors; `fallback`
 * while there is no session (no actor to read).
 */
export function useActingProject<T>(selector: (snapshot: ActingProjectSnapshot) => T, fallback: T): T {
  const ref = useActingProjectRef();
  return useSelector(ref, (snapshot) => (snapshot === undefined ? fallback : selector(snapshot)));
}
