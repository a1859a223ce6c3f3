import { Badge, Box, Button, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { EmailText } from '@/components/email-text';
import { cellLabel, stackedBody, stackedCell, stackedHead, stackedRow, stackedTable } from '@/components/stacked-table';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { projectMembersMachine, selectInvitesLeft, selectMembers } from '@machines/project-members';
import { memberCalls } from '@/api/member-calls';
import { INVITES_LEFT, NO_ACTIONS, OWNER_ROLE } from '@/domain/project-settings';
import { ROLE_LABELS } from '@/domain/roles';
import { useFlowActor } from '@/hooks/inspection';

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
const INVITES_HEADING_ID = 'settings-invites-heading';
const columns = ['Email', 'Role', 'Actions'] as const;

/** SPEC.md "Settings (demo)", §3 "Project user", §6: the owner alone, no actions; no invites left, and how others join. */
export function ProjectUsersCard({ ownerEmail, offerUpgrade, onUpgrade, memberActors = memberCalls }: ProjectUsersCardProps) {
  const card = useFlowActor(
    projectMembersMachine.provide({
      actors: {
        listMembers: fromPromise(({ signal }) => memberActors.listMembers(signal)),
        changeMembers: fromPromise(({ input, signal }) => memberActors.changeMembers(input, signal)),
      },
    }),
  );
  const loaded = useSelector(card, selectMembers);
  const invitesLeft = useSelector(card, selectInvitesLeft);
  // Until the acting project's members are read (or when they cannot be), its owner alone (SPEC.md).
  const rows = loaded?.members.map(({ userId, email, role }) => ({ key: String(userId), email, role: ROLE_LABELS[role] })) ?? [
    { key: 'owner', email: ownerEmail, role: OWNER_ROLE },
  ];
  const left = loaded === null ? INVITES_LEFT : (invitesLeft ?? 'Unlimited');
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          Project Users
        </Heading>
      </Card.Header>
      <Card.Body gap="6">
        <Table.Root role="table" aria-labelledby={HEADING_ID} size="sm" {...stackedTable}>
          <Table.Header role="rowgroup" {...stackedHead}>
            <Table.Row role="row">
              {columns.map((column) => (
                <Table.ColumnHeader key={column} role="columnheader" textAlign={column === 'Actions' ? 'end' : 'start'}>
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body role="rowgroup" {...stackedBody}>
            {rows.map((row) => (
              <Table.Row key={row.key} role="row" {...stackedRow}>
                <Table.Cell role="cell" {...stackedCell}>
                  {cellLabel('Email')}
                  <EmailText email={row.email} />
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell}>
                  {cellLabel('Role')}
                  <Badge colorPalette="blue" variant="subtle">
                    {row.role}
                  </Badge>
                </Table.Cell>
                <Table.Cell role="cell" {...stackedCell} color="fg.muted" textAlign={{ lg: 'end' }}>
                  {cellLabel('Actions')}
                  <Text as="span">{NO_ACTIONS}</Text>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>

        <Stack as="section" aria-labelledby={INVITES_HEADING_ID} gap="3">
          <Heading id={INVITES_HEADING_ID} as="h3" size="md">
            Invites
          </Heading>
          <Text fontWeight="medium">Invites Left: {left}</Text>
          <Box p="4" rounded="md" borderWidth="1px" bg="bg.subtle">
            <Stack gap="3" align="flex-start">
              <Text fontWeight="semibold">Working with a team?</Text>
              {offerUpgrade ? (
                <>
                  <Text>
                    Your plan includes no e-mail invitations. Meanwhile, others join this project when you share its project ID with them.
                  </Text>
                  <Button size="sm" colorPalette="blue" onClick={onUpgrade}>
                    Upgrade for invites
                  </Button>
                </>
              ) : (
                <Text>E-mail invitations are not available yet. Others join this project when you share its project ID with them.</Text>
              )}
            </Stack>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
