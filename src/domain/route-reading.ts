import { toComingSoon } from './paths';
import { firstSegment, type RouteFacts, routeFacts, routeIds, sectionSegments } from './route-table';

/**
 * SPEC.md §2 gives two readings of some routes: 'screens' (the default) where /webhooks,
 * /dedicated-nodes, /usage, /settings and /endpoints are the screens built for them, and
 * 'coming-soon' (COMING_SOON_SCREENS=true) where they and their subpaths lead to
 * /coming-soon/{first segment}. The sidebar follows the reading that is on.
 */
export type RouteReading = 'screens' | 'coming-soon';

export const routeReading = (comingSoonScreens: boolean): RouteReading => (comingSoonScreens ? 'coming-soon' : 'screens');

/**
 * The reading while the configuration is being fetched: undefined until it answers, then its
 * reading; the default one if it could not be loaded, so a failed GET /config never hides a screen.
 */
export function readingOfConfig(config: { comingSoonScreens: boolean } | undefined, failed: boolean): RouteReading | undefined {
  if (config !== undefined) return routeReading(config.comingSoonScreens);
  return failed ? 'screens' : undefined;
}

/**
 * Where a path leads under the coming-soon reading: /coming-soon/{first segment} for a section
 * (itself or below it), null for any other path (it stays where it is).
 */
export function comingSoonTarget(path: string): string | null {
  const first = firstSegment(path);
  return sectionSegments.includes(first) ? toComingSoon(first) : null;
}

export interface NavEntry {
  label: string;
  href: string;
  /** Announced but not built: shows a "Soon" badge. */
  soon?: boolean;
}

export interface NavEntries {
  main: readonly NavEntry[];
  /** Documentation follows them as an external link (its URL is configuration). */
  bottom: readonly NavEntry[];
}

/**
 * A route's sidebar entry under a reading: under the coming-soon reading a section, or a feature
 * SPEC.md announces as a placeholder, leads to its placeholder.
 */
function navEntryOf(route: RouteFacts, reading: RouteReading): NavEntry[] {
  if (route.nav === undefined) return [];
  const { label, comingSoonFeature, unlistedWhileComingSoon } = route.nav;
  if (reading === 'coming-soon' && comingSoonFeature !== undefined) return [{ label, href: toComingSoon(comingSoonFeature), soon: true }];
  if (reading === 'screens' || !route.section) return [{ label, href: route.path }];
  return unlistedWhileComingSoon ? [] : [{ label, href: toComingSoon(firstSegment(route.path)), soon: true }];
}

/** The sidebar under a reading: the linked routes in the table's order, each in its group. */
function navEntriesOf(reading: RouteReading): NavEntries {
  const routes = routeIds.map(routeFacts);
  const entries = (group: readonly RouteFacts[]) => group.flatMap((route) => navEntryOf(route, reading));
  return {
    main: entries(routes.filter((route) => !route.nav?.bottom)),
    bottom: entries(routes.filter((route) => route.nav?.bottom)),
  };
}

/**
 * The sidebar of each reading, from the route table. With the screens on, every real screen is
 * linked — Endpoints (the access control and URLs) next to API Keys, System Status (/status) above
 * Support — and none says 'Soon'. With the coming-soon reading it is SPEC.md's "Layout" list
 * exactly, the placeholders linked where they are shown.
 */
export const navEntries: Readonly<Record<RouteReading, NavEntries>> = {
  screens: navEntriesOf('screens'),
  'coming-soon': navEntriesOf('coming-soon'),
};

/** Whether the entry is the page shown: its own path, or below it (SPEC.md §2 sections keep their subpaths). */
export function isCurrentEntry(location: string, href: string): boolean {
  return location === href || (href !== '/' && location.startsWith(`${href}/`));
}
