import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectMembership } from '@machines/acting-project';
import type { MembersChange, ProjectMembers } from '@machines/project-members';
import { CallFailed } from '@/domain/call-failure';
import { ALREADY_INVITED, NO_INVITES_LEFT } from '@/domain/invites';
import { ProjectUsersCard } from '@/views/settings/project-users-card';
import { renderInApp, testProject, testUser } from './app-harness';

const owner = { userId: testUser.id, email: testUser.email, role: 'owner', joinedAt: '2026-11-01T10:00:00.000Z' } as const;
const developer = { userId: 8, email: 'dev@example.com', role: 'developer', joinedAt: '2026-11-02T10:00:00.000Z' } as const;
const invite = {
  id: 5,
  email: 'new@example.com',
  role: 'viewer',
  createdAt: '2026-11-03T10:00:00.000Z',
  expiresAt: '2026-11-10T10:00:00.000Z',
} as const;
const team: ProjectMembers = { members: [owner, developer], invites: [invite], invitesLeft: 2 };

interface Options {
  listMembers?: () => Promise<ProjectMembers>;
  changeMembers?: (change: MembersChange) => Promise<void>;
  projects?: readonly ProjectMembership[];
  offerUpgrade?: boolean;
}

function renderCard({
  listMembers = async () => team,
  changeMembers = async () => undefined,
  projects = [testProject],
  offerUpgrade = false,
}: Options = {}) {
  localStorage.setItem('token', 'stored-token');
  const changes: MembersChange[] = [];
  let reads = 0;
  let projectReads = 0;
  const rendered = renderInApp(
    <ProjectUsersCard
      ownerEmail={testUser.email}
      offerUpgrade={offerUpgrade}
      onUpgrade={() => undefined}
      memberActors={{
        listMembers: () => {
          reads += 1;
          return listMembers();
        },
        changeMembers: (change) => {
          changes.push(change);
          return changeMembers(change);
        },
      }}
    />,
    {
      session: {
        listProjects: async () => {
          projectReads += 1;
          return projects;
        },
      },
    },
  );
  return { ...rendered, changes, reads: () => reads, projectReads: () => projectReads };
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');
async function rowOf(email: string) {
  const table = await screen.findByRole('table', { name: 'Project Users' });
  const cell = await within(table).findByText(email);
  const row = cell.closest('[role="row"]');
  if (!(row instanceof HTMLElement)) throw new Error(`no row for ${email}`);
  return row;
}

afterEach(() => localStorage.removeItem('token'));

describe('Project Users card, as the owner', () => {
  it("lists the members with their role, the owner's own row without actions, and the pending invites", async () => {
    renderCard();
    const ownRow = await rowOf(owner.email);
    expect(cellsOf(ownRow).map((cell) => cell.textContent)).toEqual([`Email:${owner.email}`, 'Role:Owner', 'Actions:No actions available']);
    const devRow = await rowOf(developer.email);
    expect(await within(devRow).findByRole('button', { name: `Remove ${developer.email}` })).toBeTruthy();
    expect(within(devRow).getByRole('button', { name: `Make owner: ${developer.email}` })).toBeTruthy();
    expect(screen.getByText('Invites Left: 2')).toBeTruthy();
    const pending = screen.getByRole('table', { name: 'Pending invites' });
    expect(within(pending).getByText('new@example.com')).toBeTruthy();
    expect(within(pending).getByText('Nov 10, 2026, 10:00 UTC')).toBeTruthy();
  });

  it('changes a role from the menu, then reads the members again', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes, reads } = renderCard();
    const devRow = await rowOf(developer.email);
    await user.click(await within(devRow).findByRole('button', { name: `Change role of ${developer.email}` }));
    const choices = await screen.findAllByRole('menuitemradio');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Developer', 'Billing', 'Viewer']);
    await user.click(screen.getByRole('menuitemradio', { name: 'Viewer' }));
    await waitFor(() => expect(changes).toEqual([{ kind: 'role', userId: developer.userId, role: 'viewer' }]));
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('asks before removing a member; Cancel sends nothing, the confirmation removes', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderCard();
    const devRow = await rowOf(developer.email);
    await user.click(await within(devRow).findByRole('button', { name: `Remove ${developer.email}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove member' });
    expect(within(dialog).getByText(/dev@example.com loses access to this project at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changes).toEqual([]);
    await user.click(within(devRow).getByRole('button', { name: `Remove ${developer.email}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(changes).toEqual([{ kind: 'remove', userId: developer.userId }]));
  });

  it('transfers ownership after asking, then reads the projects again (the role changed)', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes, projectReads } = renderCard();
    const devRow = await rowOf(developer.email);
    await waitFor(() => expect(projectReads()).toBe(1));
    await user.click(await within(devRow).findByRole('button', { name: `Make owner: ${developer.email}` }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Transfer ownership' });
    await user.click(within(dialog).getByRole('button', { name: 'Transfer ownership' }));
    await waitFor(() => expect(changes).toEqual([{ kind: 'transfer', userId: developer.userId }]));
    await waitFor(() => expect(projectReads()).toBe(2));
  });

  it("invites by e-mail with a role; the server's refusal is shown and the form keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    let refuse = true;
    const { changes } = renderCard({
      changeMembers: async () => {
        if (refuse) throw new CallFailed({ kind: 'refused', status: 409, message: ALREADY_INVITED });
      },
    });
    const form = await screen.findByRole('form', { name: 'Invite by e-mail' });
    await user.type(within(form).getByLabelText(/Email/), 'grace@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'billing');
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect((await screen.findByRole('alert')).textContent).toContain(ALREADY_INVITED);
    expect(within(form).getByLabelText(/Email/)).toHaveProperty('value', 'grace@example.com');
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(within(form).getByLabelText(/Email/)).toHaveProperty('value', ''));
    expect(changes).toEqual([
      { kind: 'invite', email: 'grace@example.com', role: 'billing' },
      { kind: 'invite', email: 'grace@example.com', role: 'billing' },
    ]);
  });

  it('revokes a pending invite', async () => {
    const user = userEvent.setup({ delay: null });
    const { changes } = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Revoke the invite to new@example.com' }));
    await waitFor(() => expect(changes).toEqual([{ kind: 'revoke', inviteId: invite.id }]));
  });

  it('says so instead of the form when the plan has no invites left', async () => {
    renderCard({ listMembers: async () => ({ ...team, invitesLeft: 0 }) });
    expect(await screen.findByText(NO_INVITES_LEFT)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite by e-mail' })).toBeNull();
    expect(screen.getByText('Invites Left: 0')).toBeTruthy();
  });

  it('offers the upgrade on Free (SPEC.md), without the form', async () => {
    renderCard({ offerUpgrade: true, listMembers: async () => ({ members: [owner], invites: [], invitesLeft: 0 }) });
    expect(await screen.findByRole('button', { name: 'Upgrade for invites' })).toBeTruthy();
    expect(screen.getByText(/share its project ID/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite by e-mail' })).toBeNull();
  });
});

describe('Project Users card, as another member', () => {
  const joined: ProjectMembership = { id: 'prj_00000042', name: 'Payments', role: 'developer' };
  const theirs: ProjectMembers = {
    members: [
      { ...owner, userId: 2, email: 'boss@example.com' },
      { ...developer, userId: testUser.id, email: testUser.email },
    ],
    invites: [invite],
    invitesLeft: 1,
  };

  afterEach(() => localStorage.removeItem('project'));

  it('offers no changes to others, no invite form, and Leave on their own row, which goes back to their own project', async () => {
    localStorage.setItem('project', joined.id);
    const user = userEvent.setup({ delay: null });
    const { changes, projectReads } = renderCard({ listMembers: async () => theirs, projects: [testProject, joined] });
    const ownerRow = await rowOf('boss@example.com');
    const ownRow = await rowOf(testUser.email);
    const leave = await within(ownRow).findByRole('button', { name: 'Leave project' });
    expect(within(ownerRow).getByText('No actions available')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite by e-mail' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
    await user.click(leave);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Leave project' })).getByRole('button', { name: 'Leave project' }),
    );
    await waitFor(() => expect(changes).toEqual([{ kind: 'leave' }]));
    // The pick is dropped and the projects read again.
    await waitFor(() => expect(localStorage.getItem('project')).toBeNull());
    await waitFor(() => expect(projectReads()).toBe(2));
  });

  it('shows the owner alone (SPEC.md) while the members cannot be read', async () => {
    renderCard({ listMembers: async () => Promise.reject(new Error('offline')) });
    const table = await screen.findByRole('table', { name: 'Project Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Invites Left: 0')).toBeTruthy();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
