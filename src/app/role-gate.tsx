import type { ReactNode } from 'react';
import { selectCurrentRole } from '@machines/acting-project.selectors';
import { PlaceholderScreen } from '@/components/placeholder-screen';
import { ROLE_CANNOT_OPEN, roleCannotOpenText, roleOpensRoute } from '@/domain/route-roles';
import type { RouteId } from '@/domain/route-table';
import { useActingProject } from '@/hooks/acting-project';

/**
 * A signed-in route's screen, or, when the member's role in the acting project cannot open it, a
 * screen that says so. Until the role is known the screen is drawn (the server refuses what the
 * role may not call all the same).
 */
export function RoleGate({ id, children }: { id: RouteId; children: ReactNode }) {
  const role = useActingProject(selectCurrentRole, null);
  if (role === null || roleOpensRoute(role, id)) return children;
  return (
    <PlaceholderScreen
      title={ROLE_CANNOT_OPEN}
      description={roleCannotOpenText(role)}
      emptyTitle="Nothing to show for your role"
      emptyText="The pages in the navigation are the ones your role opens."
    />
  );
}
