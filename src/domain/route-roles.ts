import { type ClassifiedOperation, ROLE_LABELS, type Role, readsKeySecrets, roleMay } from './roles';
import { type RouteId, routeFacts, routeIds } from './route-table';

/**
 * Which routes a member's role opens: a screen built on an operation the role may not call (the
 * server refuses it with 403) is neither linked in the sidebar nor drawn; the route says why
 * instead. Every other route opens for every role (its operations are everyone's, or the screen
 * shows its own refusals). 'keySecrets': the screen calls the gateway with the project's keys, which
 * a role that reads them masked (Viewer) cannot.
 */
export const ROUTE_NEEDS: Readonly<Partial<Record<RouteId, ClassifiedOperation | 'keySecrets'>>> = {
  keys: 'listApiKeys',
  endpoints: 'getAccessControl',
  rpcTesting: 'keySecrets',
  billing: 'getSubscription',
  billingSuccess: 'getCheckout',
  billingCancel: 'getSubscription',
};

/** Whether a member with this role can open the route. */
export function roleOpensRoute(role: Role, id: RouteId): boolean {
  const needs = ROUTE_NEEDS[id];
  if (needs === undefined) return true;
  return needs === 'keySecrets' ? readsKeySecrets(role) : roleMay(role, needs);
}

/** Whether a sidebar link (its href) leads somewhere the role opens; a link to no route of the table stays. */
export function roleOpensHref(role: Role, href: string): boolean {
  const id = routeIds.find((route) => routeFacts(route).path === href);
  return id === undefined || roleOpensRoute(role, id);
}

/** What a route the role cannot open says. */
export const ROLE_CANNOT_OPEN = 'Your role in this project cannot open this page';

export function roleCannotOpenText(role: Role): string {
  return `Your role here is ${ROLE_LABELS[role]}. Ask the project's owner for another role, or switch project in the user menu.`;
}
