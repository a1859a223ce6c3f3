import { useLocation } from 'wouter';
import { Box, Flex, Link as ChakraLink, VisuallyHidden } from '@chakra-ui/react';
import { selectCurrentRole } from '@machines/acting-project.selectors';
import { useActingProject } from '@/hooks/acting-project';
import { paths } from '@/domain/paths';
import { roleOpensHref } from '@/domain/route-roles';
import { ExternalLinkIcon } from './icons';
import { isCurrentEntry, navEntries, type NavEntry } from '@/domain/route-reading';
import { useRouteReading } from '../route-reading';
import { NavLink, navRowStyle } from './nav-link';

interface SidebarNavProps {
  /** The external documentation; until the configuration arrives, /docs (which forwards there). */
  documentationUrl?: string | undefined;
  /** Called after any link is followed (the drawer closes itself with it). */
  onNavigate?: (() => void) | undefined;
}

function EntryList({
  entries,
  location,
  onNavigate,
}: {
  entries: readonly NavEntry[];
  location: string;
  onNavigate?: (() => void) | undefined;
}) {
  return entries.map((entry) => (
    <Box as="li" key={entry.href} listStyleType="none">
      <NavLink entry={entry} active={isCurrentEntry(location, entry.href)} onNavigate={onNavigate} />
    </Box>
  ));
}

/** The sidebar's links (SPEC.md "Layout"): the main entries, then the bottom group, those the member's role opens. */
export function SidebarNav({ documentationUrl, onNavigate }: SidebarNavProps) {
  const [location] = useLocation();
  // Until the configuration says otherwise, the default reading's links (every real screen).
  const reading = navEntries[useRouteReading() ?? 'screens'];
  // The links the member's role opens (all of them until the role is known).
  const role = useActingProject(selectCurrentRole, null);
  const opens = (entry: NavEntry) => role === null || roleOpensHref(role, entry.href);
  const entries = { main: reading.main.filter(opens), bottom: reading.bottom.filter(opens) };
  return (
    <Flex as="nav" aria-label="Main" direction="column" justify="space-between" gap="8" flex="1" p="3">
      <Flex as="ul" direction="column" gap="1">
        <EntryList entries={entries.main} location={location} onNavigate={onNavigate} />
      </Flex>
      <Flex as="ul" direction="column" gap="1" borderTopWidth="1px" pt="3">
        <EntryList entries={entries.bottom} location={location} onNavigate={onNavigate} />
        <Box as="li" listStyleType="none">
          <ChakraLink {...navRowStyle} href={documentationUrl ?? paths.docs} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
            <span>
              Documentation
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </span>
            <ExternalLinkIcon boxSize="4" color="fg.muted" />
          </ChakraLink>
        </Box>
      </Flex>
    </Flex>
  );
}
