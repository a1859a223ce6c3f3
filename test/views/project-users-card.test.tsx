import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ProjectMembers } from '@machines/project-members';
import { ProjectUsersCard } from '@/views/settings/project-users-card';
import { renderInApp } from './app-harness';

const team: ProjectMembers = {
  members: [
    { userId: 1, email: 'owner@example.com', role: 'owner', joinedAt: '2026-11-01T10:00:00.000Z' },
    { userId: 2, email: 'dev@example.com', role: 'developer', joinedAt: '2026-11-02T10:00:00.000Z' },
  ],
  invites: [],
  invitesLeft: 2,
};

function renderCard(listMembers: () => Promise<ProjectMembers>) {
  return renderInApp(
    <ProjectUsersCard
      ownerEmail="owner@example.com"
      offerUpgrade={false}
      onUpgrade={() => undefined}
      memberActors={{ listMembers, changeMembers: async () => undefined }}
    />,
  );
}

describe('Project Users card', () => {
  it("lists the acting project's members with their role, and the invites left", async () => {
    renderCard(async () => team);
    const table = await screen.findByRole('table', { name: 'Project Users' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'Email:owner@example.com',
      'Role:Owner',
      'Actions:No actions available',
      'Email:dev@example.com',
      'Role:Developer',
      'Actions:No actions available',
    ]);
    expect(screen.getByText('Invites Left: 2')).toBeTruthy();
  });

  it('shows the owner alone (SPEC.md) while the members cannot be read', async () => {
    renderCard(async () => Promise.reject(new Error('offline')));
    const table = await screen.findByRole('table', { name: 'Project Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Invites Left: 0')).toBeTruthy();
  });
});
