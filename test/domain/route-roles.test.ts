import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@/domain/roles';
import { ROUTE_NEEDS, roleOpensHref, roleOpensRoute } from '@/domain/route-roles';
import { type RouteId, routeIds } from '@/domain/route-table';

const cases: ReadonlyArray<{ role: Role; closed: readonly RouteId[] }> = [
  { role: 'owner', closed: [] },
  { role: 'developer', closed: ['billing', 'billingSuccess', 'billingCancel'] },
  { role: 'billing', closed: ['keys', 'endpoints', 'rpcTesting'] },
  // The playground calls with the project's keys, which a Viewer reads masked.
  { role: 'viewer', closed: ['rpcTesting', 'billing', 'billingSuccess', 'billingCancel'] },
];

describe('routes by role', () => {
  it.each(cases)('$role cannot open $closed', ({ role, closed }) => {
    expect(routeIds.filter((id) => !roleOpensRoute(role, id))).toEqual(closed);
  });

  it('the sidebar links follow the routes; a link to no route stays', () => {
    expect(roleOpensHref('developer', '/billing')).toBe(false);
    expect(roleOpensHref('developer', '/keys')).toBe(true);
    expect(roleOpensHref('billing', '/keys')).toBe(false);
    expect(roleOpensHref('viewer', '/coming-soon/billing')).toBe(true);
  });

  it('every route some role cannot open is a signed-in one', () => {
    for (const id of Object.keys(ROUTE_NEEDS)) expect(routeIds).toContain(id);
    for (const role of ROLES) expect(roleOpensRoute(role, 'settings')).toBe(true);
  });
});
