import { paths, toComingSoon } from '@/domain/paths';

export interface NavEntry {
  label: string;
  href: string;
  /** Announced but not built yet: shows a "Soon" badge. */
  soon?: boolean;
}

/** The sidebar, in SPEC.md order ("Layout"). */
export const mainNavEntries: readonly NavEntry[] = [
  { label: 'Dashboard', href: paths.home },
  { label: 'API Keys', href: paths.keys },
  { label: 'Webhooks', href: paths.webhooks, soon: true },
  { label: 'Dedicated Nodes', href: paths.dedicatedNodes, soon: true },
  { label: 'Usage', href: paths.usage, soon: true },
  { label: 'RPC Testing', href: paths.rpcTesting },
  { label: 'Billing', href: paths.billing },
  { label: 'Project Settings', href: paths.settings, soon: true },
];

/** The bottom group; Documentation follows them as an external link (its URL is configuration). */
export const bottomNavEntries: readonly NavEntry[] = [
  { label: 'System Status', href: toComingSoon('system-status'), soon: true },
  { label: 'Support', href: paths.support },
];

/** Whether the entry is the page shown: its own path, or below it (SPEC.md §2 sections keep their subpaths). */
export function isCurrentEntry(location: string, href: string): boolean {
  return location === href || (href !== '/' && location.startsWith(`${href}/`));
}
