import { paths, toComingSoon } from './paths';

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

/** The first segments that the coming-soon reading turns into /coming-soon/{segment}. */
export const comingSoonSections = ['webhooks', 'dedicated-nodes', 'usage', 'settings', 'endpoints'] as const;
export type ComingSoonSection = (typeof comingSoonSections)[number];

function isComingSoonSection(segment: string): segment is ComingSoonSection {
  const sections: readonly string[] = comingSoonSections;
  return sections.includes(segment);
}

/**
 * Where a path leads under the coming-soon reading: /coming-soon/{first segment} for a section
 * (itself or below it), null for any other path (it stays where it is).
 */
export function comingSoonTarget(path: string): string | null {
  const first = path.split('/')[1] ?? '';
  return isComingSoonSection(first) ? toComingSoon(first) : null;
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

const systemStatus: NavEntry = { label: 'System Status', href: toComingSoon('system-status'), soon: true };
const support: NavEntry = { label: 'Support', href: paths.support };

/**
 * The sidebar of each reading. With the screens on, every real screen is linked — Endpoints (the
 * access control and URLs) next to API Keys — and only System Status, still a placeholder, says
 * 'Soon'. With the coming-soon reading it is SPEC.md's "Layout" list exactly, the placeholders
 * linked where they are shown.
 */
export const navEntries: Readonly<Record<RouteReading, NavEntries>> = {
  screens: {
    main: [
      { label: 'Dashboard', href: paths.home },
      { label: 'API Keys', href: paths.keys },
      { label: 'Endpoints', href: paths.endpoints },
      { label: 'Webhooks', href: paths.webhooks },
      { label: 'Dedicated Nodes', href: paths.dedicatedNodes },
      { label: 'Usage', href: paths.usage },
      { label: 'RPC Testing', href: paths.rpcTesting },
      { label: 'Billing', href: paths.billing },
      { label: 'Project Settings', href: paths.settings },
    ],
    bottom: [systemStatus, support],
  },
  'coming-soon': {
    main: [
      { label: 'Dashboard', href: paths.home },
      { label: 'API Keys', href: paths.keys },
      { label: 'Webhooks', href: toComingSoon('webhooks'), soon: true },
      { label: 'Dedicated Nodes', href: toComingSoon('dedicated-nodes'), soon: true },
      { label: 'Usage', href: toComingSoon('usage'), soon: true },
      { label: 'RPC Testing', href: paths.rpcTesting },
      { label: 'Billing', href: paths.billing },
      { label: 'Project Settings', href: toComingSoon('settings'), soon: true },
    ],
    bottom: [systemStatus, support],
  },
};

/** Whether the entry is the page shown: its own path, or below it (SPEC.md §2 sections keep their subpaths). */
export function isCurrentEntry(location: string, href: string): boolean {
  return location === href || (href !== '/' && location.startsWith(`${href}/`));
}
