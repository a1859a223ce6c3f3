import { Link, useLocation } from 'wouter';
import { Button, Menu, Portal } from '@chakra-ui/react';
import { selectIsAuthenticated, selectUser } from '@machines/auth';
import { AuthActor } from '@/hooks/auth-actor';
import { paths } from '@/domain/paths';
import { userButtonLabel } from '@/domain/user-label';
import { ChevronDownIcon } from './icons';

/** The navbar's user button (label per SPEC.md "Layout") and its menu: API Keys, Support, Logout. */
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
