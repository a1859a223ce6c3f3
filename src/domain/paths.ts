import { routeTable } from './route-table';

/** The route path of each id of the table: `paths.keys` is '/keys'. */
function pathsOf<T extends Record<string, { readonly path: string }>>(table: T): { readonly [K in keyof T]: T[K]['path'] } {
  // Object.fromEntries types its result by string keys; it holds exactly one path per id of the table.
  return Object.fromEntries(Object.entries(table).map(([id, route]) => [id, route.path])) as { readonly [K in keyof T]: T[K]['path'] };
}

/**
 * Every route path of the SPA by its id in the route table (route-table.ts, SPEC.md §2). Views link
 * with these, never with string literals; a `:param` pattern the app links to has a builder below.
 */
export const paths = pathsOf(routeTable);

/** The RPC Access Control card's id on /endpoints: a link there lands on the card (the playground's refusal notice). */
export const ACCESS_CONTROL_ANCHOR = 'rpc-access-control';
export const accessControlHref = `${paths.endpoints}#${ACCESS_CONTROL_ANCHOR}`;

/** The documents the server serves at GET /legal/{document}, each at the path of the same name. */
export type LegalDocumentName = 'terms' | 'privacy';

/** /coming-soon/{feature}, the placeholder of a feature that is not available yet. */
export const toComingSoon = (feature: string) => `${paths.comingSoon}/${encodeURIComponent(feature)}`;

/** The reset link's path for a reset token: /reset-password/{token} (the server mails it). */
export const toResetPassword = (token: string) => paths.resetPassword.replace(':token', encodeURIComponent(token));

/** An invite link's path for its token: /invite/{token} (the server mails it). */
export const toInvite = (token: string) => paths.invite.replace(':token', encodeURIComponent(token));

/** Query parameter of /login that remembers where a logged-out visitor was going. */
export const RETURN_PARAM = 'from';

/** /login remembering `origin` (path plus query) so that login returns there. */
export function loginReturningTo(origin: string): string {
  if (origin === paths.home || origin === '') return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: origin }).toString()}`;
}

/** /signup remembering `origin`: the account created, /login carries it on (loginReturningTo), so login returns there. */
export function signupReturningTo(origin: string): string {
  if (origin === paths.home || origin === '') return paths.signup;
  return `${paths.signup}?${new URLSearchParams({ [RETURN_PARAM]: origin }).toString()}`;
}
