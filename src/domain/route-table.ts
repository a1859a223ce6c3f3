/**
 * Every route of the SPA and its facts, written once (SPEC.md §2). The rest is derived from here:
 * `paths` (paths.ts, what views and the server link with), the guard list and the section list
 * below, the two route switches (src/app/routes.tsx, with the screens of src/app/route-screens.tsx
 * keyed by these ids), the sidebar (route-reading.ts) and the pages the build prerenders
 * (server/spa-prerender/pages.ts). A route path written anywhere else fails
 * test/domain/route-table-literals.test.ts.
 *
 * It imports nothing: the Vite config loads it (through the prerender list) before any alias exists.
 */

/**
 * Who may open a route:
 * - public: anyone, signed in or not;
 * - signed-out: a visitor; a signed-in user is sent on (SPEC.md "/login": "Authenticated users are sent to /");
 * - signed-in: behind the route guard, inside the layout (SPEC.md §2 "Authenticated routes").
 */
export type RouteAccess = 'public' | 'signed-out' | 'signed-in';

export interface RouteNav {
  /** The sidebar's label (SPEC.md "Layout"). */
  readonly label: string;
  /** In the sidebar's bottom group; the main group otherwise. */
  readonly bottom?: true;
  /** Left out of the sidebar under the coming-soon reading (SPEC.md's "Layout" list does not name it). */
  readonly unlistedWhileComingSoon?: true;
  /**
   * A feature SPEC.md's "Layout" list announces as a placeholder: under the coming-soon reading the
   * sidebar links /coming-soon/{this} instead, marked Soon; the route itself stays as it is.
   */
  readonly comingSoonFeature?: string;
}

export interface RouteFacts {
  /** The wouter pattern; a `:param` the app links to has a builder in paths.ts. */
  readonly path: string;
  readonly access: RouteAccess;
  /**
   * A section of SPEC.md §2: it answers for its subpaths too, and the coming-soon reading sends it
   * (and them) to /coming-soon/{its segment}.
   */
  readonly section?: true;
  /** Linked from the sidebar, in the table's order. */
  readonly nav?: RouteNav;
  /** Rendered to HTML at build time as dist/{segment}.html: a public screen that looks the same for every anonymous visitor. */
  readonly prerender?: true;
  /** A public route a signed-in user sees inside the layout (sidebar, navbar), and a visitor on its own. */
  readonly shellWhenSignedIn?: true;
}

export const routeTable = {
  login: { path: '/login', access: 'signed-out', prerender: true },
  signup: { path: '/signup', access: 'public', prerender: true },
  forgotPassword: { path: '/forgot-password', access: 'public', prerender: true },
  resetPassword: { path: '/reset-password/:token', access: 'public' },
  /** A reset link that lost its token: the reset screen, which says the link is invalid (SPEC.md §5). */
  resetPasswordWithoutToken: { path: '/reset-password', access: 'public' },
  authCallback: { path: '/auth/callback', access: 'public' },
  /** The link of the verification mail, `?token=…`: public, signed in or out (the link may open in another browser). */
  verifyEmail: { path: '/verify-email', access: 'public' },
  /** The link of an invitation mail (src/domain/invites.ts): the invite, for anyone holding it, signed in or out; signed in, accepted there. */
  invite: { path: '/invite/:token', access: 'public' },
  /** Linked from the login and signup screens (SPEC.md "/login"); public, signed in or out. */
  terms: { path: '/terms', access: 'public' },
  privacy: { path: '/privacy', access: 'public' },
  /** Redirect to the external documentation URL from the server's configuration. */
  docs: { path: '/docs', access: 'public' },
  /** The networks' state and recent incidents (GET /api/status), for anyone; in the sidebar's bottom group. */
  status: {
    path: '/status',
    access: 'public',
    shellWhenSignedIn: true,
    nav: { label: 'System Status', bottom: true, comingSoonFeature: 'system-status' },
  },

  home: { path: '/', access: 'signed-in', nav: { label: 'Dashboard' } },
  keys: { path: '/keys', access: 'signed-in', nav: { label: 'API Keys' } },
  endpoints: { path: '/endpoints', access: 'signed-in', section: true, nav: { label: 'Endpoints', unlistedWhileComingSoon: true } },
  webhooks: { path: '/webhooks', access: 'signed-in', section: true, nav: { label: 'Webhooks' } },
  dedicatedNodes: { path: '/dedicated-nodes', access: 'signed-in', section: true, nav: { label: 'Dedicated Nodes' } },
  usage: { path: '/usage', access: 'signed-in', section: true, nav: { label: 'Usage' } },
  rpcTesting: { path: '/rpc-testing', access: 'signed-in', nav: { label: 'RPC Testing' } },
  billing: { path: '/billing', access: 'signed-in', nav: { label: 'Billing' } },
  /** Where the payment provider sends the browser back (the server's checkout URLs). */
  billingSuccess: { path: '/billing/success', access: 'signed-in' },
  billingCancel: { path: '/billing/cancel', access: 'signed-in' },
  settings: { path: '/settings', access: 'signed-in', section: true, nav: { label: 'Project Settings' } },
  support: { path: '/support', access: 'signed-in', nav: { label: 'Support', bottom: true } },
  comingSoon: { path: '/coming-soon', access: 'signed-in' },
  comingSoonFeature: { path: '/coming-soon/:feature', access: 'signed-in' },
} as const satisfies Record<string, RouteFacts>;

export type RouteId = keyof typeof routeTable;

/** The table seen through its interface, so that optional facts can be read on any route. */
const facts: Readonly<Record<RouteId, RouteFacts>> = routeTable;

const isRouteId = (id: string): id is RouteId => Object.hasOwn(routeTable, id);

/** Every route id, in the table's order. */
export const routeIds: readonly RouteId[] = Object.keys(routeTable).filter(isRouteId);

export const routeFacts = (id: RouteId): RouteFacts => facts[id];

/**
 * The route pattern of a path that also answers for its subpaths (SPEC.md §2: /webhooks,
 * /dedicated-nodes, /usage, /settings and /endpoints "and subpaths"): '/usage/*?' matches /usage,
 * /usage/anything and deeper, not /usage-x.
 */
export const withSubpaths = (path: string) => `${path}/*?`;

/** The pattern a route answers: its path, and for a section its subpaths too. */
export function routePattern(id: RouteId): string {
  const route = facts[id];
  return route.section ? withSubpaths(route.path) : route.path;
}

export const routesWithAccess = (access: RouteAccess): readonly RouteId[] => routeIds.filter((id) => facts[id].access === access);

/** Route patterns that need a signed-in user; anything neither public nor listed here goes to /login. */
export const guardedPatterns: readonly string[] = routesWithAccess('signed-in').map(routePattern);

/** A path's first segment: 'usage' for /usage and /usage/x, '' for /. */
export const firstSegment = (path: string): string => path.split('/')[1] ?? '';

/** The first segments of the sections, which the coming-soon reading turns into /coming-soon/{segment}. */
export const sectionSegments: readonly string[] = routeIds.filter((id) => facts[id].section).map((id) => firstSegment(facts[id].path));

/** The pages the build prerenders, each with the file it writes (server/spa-prerender). */
export const prerenderedRoutes: ReadonlyArray<{ path: string; file: string }> = routeIds
  .filter((id) => facts[id].prerender)
  .map((id) => ({ path: facts[id].path, file: `${firstSegment(facts[id].path)}.html` }));

/** Old addresses kept working (SPEC.md §2 "Redirects"). */
export const legacyRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/api-keys', to: routeTable.keys.path },
  { from: '/dashboard', to: routeTable.home.path },
  { from: '/dashboard/keys', to: routeTable.keys.path },
];
