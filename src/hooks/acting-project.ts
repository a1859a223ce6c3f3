import { useCallback } from 'react';
import { useSelector } from '@xstate/react';
import type { ActingProjectSnapshot } from '@machines/acting-project';
import { selectCurrentRole } from '@machines/acting-project.selectors';
import { selectActingProject } from '@machines/auth';
import { roleOpensHref } from '@/domain/route-roles';
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

/**
 * Whether the member's role in the acting project opens a path of the app (its query aside): a link
 * to a screen the role cannot open is not drawn. True until the role is read (the route says so then).
 */
export function useOpensHref(): (href: string) => boolean {
  const role = useActingProject(selectCurrentRole, null);
  return useCallback((href: string) => role === null || roleOpensHref(role, href.split('?')[0] ?? href), [role]);
}
