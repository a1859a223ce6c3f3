import { navEntries } from './route-reading';
import { toComingSoon } from './paths';

/**
 * Names that read better than the URL segment (SPEC.md "Coming soon"): the sidebar's own label of
 * each placeholder it links to (/coming-soon/usage is 'Usage' there, so here too).
 */
const FRIENDLY_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  [...navEntries['coming-soon'].main, ...navEntries['coming-soon'].bottom].flatMap((entry) => {
    const feature = entry.href.startsWith(toComingSoon('')) ? entry.href.slice(toComingSoon('').length) : '';
    return feature ? [[feature, entry.label]] : [];
  }),
);

export const COMING_SOON_TITLE = 'Coming Soon';

/**
 * The coming-soon page's title for a feature segment: its friendly name, otherwise the segment
 * capitalised word by word with hyphens turned into spaces ('system-status' → 'System Status').
 */
export function featureTitle(feature: string | null | undefined): string {
  const name = feature?.trim().toLowerCase();
  if (!name) return COMING_SOON_TITLE;
  const friendly = FRIENDLY_NAMES[name];
  if (friendly) return friendly;
  const spaced = name.replaceAll('-', ' ').replace(/\s+/g, ' ').trim();
  return spaced ? spaced.replace(/(^|\s)(\S)/g, (_, space: string, letter: string) => space + letter.toUpperCase()) : COMING_SOON_TITLE;
}
