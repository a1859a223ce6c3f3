/**
 * Every route path of the SPA, declared once (SPEC.md §2). Views link with these, never with
 * string literals; a `:param` pattern the app links to has a builder next to it.
 */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  /** A reset link that lost its token: the reset screen, which says the link is invalid (SPEC.md §5). */
  resetPasswordWithoutToken: '/reset-password',
  authCallback: '/auth/callback',
  /** The link of the verification mail, `?token=…`: public, signed in or out (the link may open in another browser). */
  verifyEmail: '/verify-email',

  keys: '/keys',
  billing: '/billing',
  /** Where the payment provider sends the browser back (the server's checkout URLs). */
  billingSuccess: '/billing/success',
  billingCancel: '/billing/cancel',
  rpcTesting: '/rpc-testing',
  support: '/support',
  usage: '/usage',
  endpoints: '/endpoints',
  webhooks: '/webhooks',
  dedicatedNodes: '/dedicated-nodes',
  settings: '/settings',
  comingSoon: '/coming-soon',
  comingSoonFeature: '/coming-soon/:feature',

  /** Redirect to the external documentation URL from the server's configuration. */
  docs: '/docs',
  /** Linked from the login and signup screens (SPEC.md "/login"); public, signed in or out. */
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** The RPC Access Control card's id on /endpoints: a link there lands on the card (the playground's refusal notice). */
export const ACCESS_CONTROL_ANCHOR = 'rpc-access-control';
export const accessControlHref = `${paths.endpoints}#${ACCESS_CONTROL_ANCHOR}`;

/** The documents the server serves at GET /legal/{document}, each at the path of the same name. */
export type LegalDocumentName = 'terms' | 'privacy';

/** Old addresses kept working (SPEC.md §2 "Redirects"). */
export const legacyRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/api-keys', to: paths.keys },
  { from: '/dashboard', to: paths.home },
  { from: '/dashboard/keys', to: paths.keys },
];

/**
 * The route pattern of a screen that also answers for its subpaths (SPEC.md §2: /webhooks,
 * /dedicated-nodes, /usage, /settings and /endpoints "and subpaths"): '/usage/*?' matches /usage,
 * /usage/anything and deeper, not /usage-x.
 */
export const withSubpaths = (path: string) => `${path}/*?`;

/** Route patterns of the screens SPEC.md §2 extends to their subpaths. */
export const sectionRoutes = {
  usage: withSubpaths(paths.usage),
  endpoints: withSubpaths(paths.endpoints),
  webhooks: withSubpaths(paths.webhooks),
  dedicatedNodes: withSubpaths(paths.dedicatedNodes),
  settings: withSubpaths(paths.settings),
} as const;

/** Route patterns that need a signed-in user; anything neither public nor listed here goes to /login. */
export const guardedPaths: readonly string[] = [
  paths.home,
  paths.keys,
  paths.billing,
  paths.billingSuccess,
  paths.billingCancel,
  paths.rpcTesting,
  paths.support,
  ...Object.values(sectionRoutes),
  paths.comingSoon,
  paths.comingSoonFeature,
];

export const toComingSoon = (feature: string) => `/coming-soon/${encodeURIComponent(feature)}`;

/** Query parameter of /login that remembers where a logged-out visitor was going. */
export const RETURN_PARAM = 'from';

/** /login remembering `origin` (path plus query) so that login returns there. */
export function loginReturningTo(origin: string): string {
  if (origin === paths.home || origin === '') return paths.login;
  return `${paths.login}?${new URLSearchParams({ [RETURN_PARAM]: origin }).toString()}`;
}
