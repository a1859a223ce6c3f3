import { Link, useLocation } from 'wouter';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { selectCanSwitch, selectCurrentProject, selectProjects } from '@machines/acting-project.selectors';
import { selectIsAuthenticated, selectUser } from '@machines/auth';
import { useActingProject, useActingProjectRef } from '@/hooks/acting-project';
import { AuthActor } from '@/hooks/auth-actor';
import { ROLE_LABELS } from '@/domain/roles';
import { paths } from '@/domain/paths';
import { userButtonLabel } from '@/domain/user-label';
import { ChevronDownIcon } from './icons';

/**
 * The navbar's user button (label per SPEC.md "Layout") and its menu: the user's projects to act on
 * (when they have more than one), API Keys, Support, Logout.
 */
export function UserMenu() {
  const auth = AuthActor.useActorRef();
  const user = AuthActor.useSelector(selectUser);
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const [, navigate] = useLocation();

  // The machine ends the session whatever the server says; the route guard then goes to /login.
  const logout = () => auth.send({ type: 'auth.logout' });

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      // Enter on a link item: route inside the app instead of the menu's default full page load.
      navigate={({ node }) => navigate(node.getAttribute('href') ?? paths.home)}
    >
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" maxW="48">
          {userButtonLabel(user, isAuthenticated)}
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            <ProjectSwitcher />
            <Menu.Item value="keys" asChild>
              <Link href={paths.keys}>API Keys</Link>
            </Menu.Item>
            <Menu.Item value="support" asChild>
              <Link href={paths.support}>Support</Link>
            </Menu.Item>
            <Menu.Separator />
            {/* onClick, not onSelect: the menu also clicks the item for Enter and Space, and a click
                handler does not depend on the menu's highlight bookkeeping. */}
            <Menu.Item value="logout" onClick={logout}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

const NO_PROJECTS: readonly never[] = [];

/** The user's projects with their role in each, the one acted on checked; a pick switches to it. */
function ProjectSwitcher() {
  const project = useActingProjectRef();
  const canSwitch = useActingProject(selectCanSwitch, false);
  const projects = useActingProject(selectProjects, NO_PROJECTS);
  const current = useActingProject(selectCurrentProject, null);
  if (!canSwitch) return null;
  return (
    <>
      <Menu.RadioItemGroup
        value={current?.id ?? ''}
        onValueChange={({ value }) => project?.send({ type: 'project.pick', projectId: value })}
      >
        <Menu.ItemGroupLabel>Projects</Menu.ItemGroupLabel>
        {projects.map(({ id, name, role }) => (
          <Menu.RadioItem key={id} value={id}>
            <Menu.ItemText>
              {name} ({ROLE_LABELS[role]})
            </Menu.ItemText>
            <Menu.ItemIndicator />
          </Menu.RadioItem>
        ))}
      </Menu.RadioItemGroup>
      <Menu.Separator />
    </>
  );
}
