import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import type { InvitePreview, ProjectMembership } from '@machines/invite-acceptance';
import { queryClient } from '@/app/query-client';
import { readProject } from '@/api/project-store';
import { INVITE_EXPIRED, INVITE_NOT_FOUND, INVITE_OTHER_EMAIL, INVITE_SENT_BY_YOU } from '@/domain/invites';
import { formatUtcMoment } from '@/domain/key-lifecycle';
import { paths, toInvite } from '@/domain/paths';
import InvitePage from '@/views/invite/invite-page';
import { type Executors, describePath } from '../machines/flow-model';
import {
  INVITE_TOKEN,
  type InviteAcceptanceModelEvent,
  JOINED,
  OPEN_INVITE,
  inviteAcceptanceFlow,
} from '../machines/models/invite-acceptance.model';
import { pendingCall } from '../machines/pending-call';
import { CallFailed } from '@/domain/call-failure';
import { renderInApp, testProject } from './app-harness';
import { seedConfig } from './seed-config';

afterEach(() => {
  queryClient.clear();
});

const HERE = toInvite(INVITE_TOKEN);
const RETURN_QUERY = `?${new URLSearchParams({ from: HERE }).toString()}`;

/** The page under its route; signed in when a token is stored (the session restores it). */
function renderInvite({ signedIn }: { signedIn: boolean }) {
  seedConfig();
  if (signedIn) localStorage.setItem('token', 'stored-token');
  const getInvite = pendingCall<InvitePreview, string>('getInvite');
  const acceptInvite = pendingCall<ProjectMembership, string>('acceptInvite');
  let projects: readonly ProjectMembership[] = [testProject];
  const listed: Array<readonly ProjectMembership[]> = [];
  const rendered = renderInApp(
    <Route path={paths.invite}>
      <InvitePage actors={{ getInvite: getInvite.call, acceptInvite: acceptInvite.call }} />
    </Route>,
    {
      path: HERE,
      session: {
        listProjects: async () => {
          listed.push(projects);
          return projects;
        },
      },
    },
  );
  const joinServerSide = () => {
    projects = [testProject, JOINED];
  };
  return { getInvite, acceptInvite, listed, joinServerSide, ...rendered };
}

const acceptButton = () => screen.queryByRole('button', { name: /^(Accept invite|Accepting\.\.\.)$/ });

describe('invite page, signed in, walking the machine paths', () => {
  for (const path of inviteAcceptanceFlow.paths()) {
    it(describePath(path), async () => {
      const user = userEvent.setup({ delay: null });
      const { getInvite, acceptInvite, joinServerSide, currentPath } = renderInvite({ signedIn: true });
      await inviteAcceptanceFlow.run(
        path,
        {
          'invite.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'invite.accept': async () => {
            const button = await waitFor(() => {
              const found = acceptButton();
              if (found === null) throw new Error('no Accept invite button yet');
              return found;
            });
            await user.click(button);
          },
          'xstate.done.actor.getInvite': async ({ output }) => {
            await waitFor(() => expect(getInvite.pending).toBe(1));
            await act(async () => getInvite.resolve(output));
          },
          'xstate.error.actor.getInvite': async ({ error }) => {
            await waitFor(() => expect(getInvite.pending).toBe(1));
            await act(async () => getInvite.reject(error));
          },
          'xstate.done.actor.acceptInvite': async ({ output }) => {
            await waitFor(() => expect(acceptInvite.pending).toBe(1));
            joinServerSide();
            await act(async () => acceptInvite.resolve(output));
          },
          'xstate.error.actor.acceptInvite': async ({ error }) => {
            await waitFor(() => expect(acceptInvite.pending).toBe(1));
            await act(async () => acceptInvite.reject(error));
          },
        } satisfies Executors<InviteAcceptanceModelEvent>,
        async (expected) => {
          if (expected.matches('joined')) {
            // The dashboard, in the project joined.
            await waitFor(() => expect(currentPath()).toBe(paths.home));
            expect(readProject()).toBe(JOINED.id);
            return;
          }
          expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Project invitation']);
          expect(getInvite.inputs.every((token) => token === INVITE_TOKEN)).toBe(true);
          const alerts = screen.queryAllByRole('alert').map((alert) => alert.textContent);
          const problem = expected.matches('notFound') ? INVITE_NOT_FOUND : expected.matches('closed') ? INVITE_EXPIRED : null;
          expect(alerts).toEqual([problem, expected.context.error].filter((text) => text !== null));
          expect(screen.queryByText('Loading the invite...') !== null).toBe(expected.matches('loading'));
          expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(expected.matches('failed'));
          const open = expected.matches('open') || expected.matches('accepting');
          expect(screen.queryByText('Sent to') !== null).toBe(open);
          if (open) {
            await waitFor(() => expect(acceptButton()).not.toBeNull());
            expect(acceptButton()?.textContent).toBe(expected.matches('accepting') ? 'Accepting...' : 'Accept invite');
          } else expect(acceptButton()).toBeNull();
        },
      );
    });
  }
});

describe('invite page', () => {
  it('names the project, the role, who invited, the address and when it expires; a visitor signs in or signs up, coming back here', async () => {
    const { getInvite } = renderInvite({ signedIn: false });
    await act(async () => getInvite.resolve(OPEN_INVITE));
    expect(document.title).toBe('Project invitation | Test RPC');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const details = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(details('Project')).toBe('Payments');
    expect(details('Role')).toBe('Developer');
    expect(details('Invited by')).toBe(OPEN_INVITE.inviterEmail);
    expect(details('Sent to')).toBe(OPEN_INVITE.email);
    expect(details('Expires')).toBe(formatUtcMoment(OPEN_INVITE.expiresAt));
    expect(screen.getByRole('link', { name: 'Sign in to accept' }).getAttribute('href')).toBe(`/login${RETURN_QUERY}`);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(`/signup${RETURN_QUERY}`);
    expect(acceptButton()).toBeNull();
  });

  it('signed in with another address: says so and offers to log out instead of Accept, then the links to sign in', async () => {
    const user = userEvent.setup({ delay: null });
    const { getInvite, acceptInvite } = renderInvite({ signedIn: true });
    await act(async () => getInvite.resolve({ ...OPEN_INVITE, email: 'someone.else@example.com' }));
    expect(await screen.findByText(INVITE_OTHER_EMAIL, { exact: false })).toBeTruthy();
    expect(acceptButton()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeTruthy();
    expect(acceptInvite.inputs).toEqual([]);
    localStorage.removeItem('token');
  });

  it('read by the user who sent it: names the invitee, nothing to accept or log out of, the way back to Project Users', async () => {
    const { getInvite, acceptInvite } = renderInvite({ signedIn: true });
    // The signed-in test user (ada.lovelace@example.com) sent this one to someone else.
    await act(async () => getInvite.resolve({ ...OPEN_INVITE, email: 'joiner@example.com', inviterEmail: 'Ada.Lovelace@example.com' }));
    expect(await screen.findByText(INVITE_SENT_BY_YOU)).toBeTruthy();
    expect(screen.getByText(/^You invited/).textContent).toBe('You invited joiner@example.com to join Payments as Developer.');
    expect(screen.getByRole('link', { name: 'Back to Project Users' }).getAttribute('href')).toBe(paths.settings);
    expect(acceptButton()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.queryByText(INVITE_OTHER_EMAIL, { exact: false })).toBeNull();
    expect(acceptInvite.inputs).toEqual([]);
    localStorage.removeItem('token');
  });

  it('signed in: accepts, shows the refusal for another address, then the user joins and acts in the project on the dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { getInvite, acceptInvite, listed, joinServerSide, currentPath } = renderInvite({ signedIn: true });
    await act(async () => getInvite.resolve(OPEN_INVITE));
    expect(await screen.findByText(/^Signed in as/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Accept invite' }));
    expect(acceptInvite.inputs).toEqual([INVITE_TOKEN]);
    await act(async () => acceptInvite.reject(new CallFailed({ kind: 'refused', status: 403, message: INVITE_OTHER_EMAIL })));
    expect(screen.getByRole('alert').textContent).toBe(INVITE_OTHER_EMAIL);

    await user.click(screen.getByRole('button', { name: 'Accept invite' }));
    expect(screen.queryByRole('alert')).toBeNull();
    const before = listed.length;
    joinServerSide();
    await act(async () => acceptInvite.resolve(JOINED));
    await waitFor(() => expect(currentPath()).toBe(paths.home));
    expect(readProject()).toBe(JOINED.id);
    await waitFor(() => expect(listed.length).toBe(before + 1));
    expect(listed.at(-1)).toEqual([testProject, JOINED]);
  });

  it('an unknown link says so, with nothing to accept', async () => {
    const { getInvite } = renderInvite({ signedIn: false });
    await act(async () => getInvite.reject(new CallFailed({ kind: 'refused', status: 404, message: INVITE_NOT_FOUND })));
    expect(screen.getByRole('alert').textContent).toBe(INVITE_NOT_FOUND);
    expect(screen.queryByRole('link', { name: 'Sign in to accept' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(paths.login);
  });
});
