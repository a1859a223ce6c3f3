import { Badge, Button, Card, Heading, Table, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { EmailText } from '@/components/email-text';
import { ErrorAlert } from '@/components/error-alert';
import { ModalDialog } from '@/components/modal-dialog';
import { cellLabel, StackedTableHead, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import { selectCurrentRole } from '@machines/acting-project.selectors';
import { selectUser } from '@machines/auth';
import { projectMembersMachine } from '@machines/project-members';
import {
  selectChangeToConfirm,
  selectChangeUnderWay,
  selectInviteDraft,
  selectInvitesLeft,
  selectIsChanging,
  selectMembers,
  selectMembersError,
} from '@machines/project-members.selectors';
import { memberCalls } from '@/api/member-calls';
import { confirmationFor, managesInvites, type MembersChange, memberActions } from '@/domain/member-actions';
import { INVITES_LEFT } from '@/domain/project-settings';
import { ROLE_LABELS, type Role } from '@/domain/roles';
import { useActingProject, useActingProjectRef } from '@/hooks/acting-project';
import { AuthActor } from '@/hooks/auth-actor';
import { useFlowActor } from '@/hooks/inspection';
import { MemberRowActions } from './member-row-actions';
import { ProjectInvites } from './project-invites';

interface ProjectUsersCardProps {
  ownerEmail: string;
  /** The plan shown is Free: the invite card offers an upgrade (never on a paid plan). */
  offerUpgrade: boolean;
  /** The invite card's button: it only logs (SPEC.md: "an upgrade card whose button does nothing"). */
  onUpgrade: () => void;
  /** The members calls; the API's unless a test brings its own. */
  memberActors?: Pick<typeof memberCalls, 'listMembers' | 'changeMembers'>;
}

const HEADING_ID = 'settings-users-heading';
const columns = [{ name: 'Email' }, { name: 'Role' }, { name: 'Actions', align: 'end' }] as const;
const NO_INVITES: readonly never[] = [];

/**
 * SPEC.md "Settings (demo)", §3 "Project user", §6: the acting project's members with their role
 * (the owner alone, with no actions, until they are read), what the user may do to each (owner:
 * change a role, make owner, remove; a member: leave), and the invites.
 */
export function ProjectUsersCard({ ownerEmail, offerUpgrade, onUpgrade, memberActors = memberCalls }: ProjectUsersCardProps) {
  const project = useActingProjectRef();
  const card = useFlowActor(
    projectMembersMachine.provide({
      actors: {
        listMembers: fromPromise(({ signal }) => memberActors.listMembers(signal)),
        changeMembers: fromPromise(({ input, signal }) => memberActors.changeMembers(input, signal)),
      },
      actions: {
        leftProject: () => project?.send({ type: 'project.left' }),
        projectsChanged: () => project?.send({ type: 'project.reload' }),
      },
    }),
  );
  const loaded = useSelector(card, selectMembers);
  const invitesLeft = useSelector(card, selectInvitesLeft);
  const error = useSelector(card, selectMembersError);
  const underWay = useSelector(card, selectChangeUnderWay);
  const toConfirm = useSelector(card, selectChangeToConfirm);
  const waiting = useSelector(card, selectIsChanging);
  const draft = useSelector(card, selectInviteDraft);
  const role = useActingProject(selectCurrentRole, null);
  const userId = AuthActor.useSelector(selectUser)?.id ?? null;

  // Until the acting project's members are read (or when they cannot be), its owner alone (SPEC.md).
  const rows: ReadonlyArray<{ userId: number; email: string; role: Role }> = loaded?.members ?? [
    { userId: 0, email: ownerEmail, role: 'owner' },
  ];
  const acting = { role: loaded === null ? null : role, userId };
  const confirmation = toConfirm === null ? null : confirmationFor(toConfirm, emailOf(rows, toConfirm));
  const change = (next: MembersChange) => card.send({ type: 'members.change', change: next });

  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Project Users
        </Heading>
      </Card.Header>
      <Card.Body gap="6">
        {error === null ? null : <ErrorAlert message={error} onClose={() => card.send({ type: 'members.error.dismiss' })} />}
        <Table.Root role="table" aria-labelledby={HEADING_ID} size="sm" {...stackedTable}>
          <StackedTableHead columns={columns} />
          <Table.Body role="rowgroup" {...stackedBody}>
            {rows.map((member) => (
              <Table.Row key={member.userId} role="row" {...stackedRow}>
                <Table.Cell role="cell" {...stackedCell}>
                  {cellLabel('Email')}
                  <EmailText email={member.email} />
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell}>
                  {cellLabel('Role')}
                  <Badge colorPalette="blue" variant="subtle">
                    {ROLE_LABELS[member.role]}
                  </Badge>
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} color="fg.muted" textAlign={{ lg: 'end' }}>
                  {cellLabel('Actions')}
                  <MemberRowActions
                    member={member}
                    actions={memberActions(acting, member)}
                    underWay={underWay}
                    waiting={waiting}
                    onChange={change}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>

        <ProjectInvites
          left={loaded === null ? INVITES_LEFT : invitesLeft}
          invites={loaded?.invites ?? NO_INVITES}
          manages={loaded !== null && managesInvites(role)}
          offerUpgrade={offerUpgrade}
          onUpgrade={onUpgrade}
          draft={draft}
          underWay={underWay}
          waiting={waiting}
          onEmail={(email) => card.send({ type: 'invite.email', email })}
          onRole={(next) => card.send({ type: 'invite.role', role: next })}
          onSend={() => card.send({ type: 'invite.send' })}
          onRevoke={(inviteId) => change({ kind: 'revoke', inviteId })}
        />
      </Card.Body>

      <ModalDialog
        open={confirmation !== null}
        role="alertdialog"
        title={confirmation?.title}
        busy={false}
        onCancel={() => card.send({ type: 'members.cancel' })}
        footer={
          <>
            <Button variant="outline" onClick={() => card.send({ type: 'members.cancel' })}>
              Cancel
            </Button>
            <Button colorPalette="red" onClick={() => card.send({ type: 'members.confirm' })}>
              {confirmation?.action}
            </Button>
          </>
        }
      >
        <Text>{confirmation?.text}</Text>
      </ModalDialog>
    </Card.Root>
  );
}

/** The e-mail of the member a change concerns (the user's own for leaving). */
function emailOf(rows: ReadonlyArray<{ userId: number; email: string }>, change: MembersChange): string {
  const userId = 'userId' in change ? change.userId : null;
  return rows.find((row) => row.userId === userId)?.email ?? '';
}
