import { Box, Button, Field, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { EmailText } from '@/components/email-text';
import { cellLabel, StackedTableHead, stackedBody, stackedCell, stackedRow, stackedTable } from '@/components/stacked-table';
import type { components } from '@/api/schema';
import type { MembersChange } from '@/domain/member-actions';
import { formatUtcMoment } from '@/domain/key-lifecycle';
import { INVITE_LIFETIME_DAYS, NO_INVITES_LEFT } from '@/domain/invites';
import { INVITABLE_ROLES, isInvitableRole, ROLE_DESCRIPTIONS, ROLE_LABELS, type InvitableRole } from '@/domain/roles';

type PendingInvite = components['schemas']['PendingInvite'];

interface ProjectInvitesProps {
  /** Invites left on the plan: null unlimited. */
  left: number | null;
  invites: readonly PendingInvite[];
  /** The user is the owner: the form and Revoke are theirs. */
  manages: boolean;
  /** The plan shown is Free: the card offers an upgrade (never on a paid plan). */
  offerUpgrade: boolean;
  onUpgrade: () => void;
  draft: { email: string; role: InvitableRole };
  underWay: MembersChange | null;
  waiting: boolean;
  onEmail: (email: string) => void;
  onRole: (role: InvitableRole) => void;
  onSend: () => void;
  onRevoke: (inviteId: number) => void;
}

const HEADING_ID = 'settings-invites-heading';
const FORM_HEADING_ID = 'settings-invite-form-heading';
const PENDING_ID = 'settings-pending-invites';
const columns = [{ name: 'Email' }, { name: 'Role' }, { name: 'Expires' }, { name: 'Actions', align: 'end' }] as const;

/**
 * The Invites part of the Project Users card: how many the plan has left ('Invites Left: N',
 * SPEC.md), the form that mails one (owner), and the invites still pending with Revoke (owner).
 * Free has none: the upgrade card (its button only logs, SPEC.md).
 */
export function ProjectInvites(props: ProjectInvitesProps) {
  const { left, invites, manages, offerUpgrade, onUpgrade } = props;
  return (
    <Stack as="section" aria-labelledby={HEADING_ID} gap="4">
      <Heading id={HEADING_ID} as="h3" size="md">
        Invites
      </Heading>
      <Text fontWeight="medium">Invites Left: {left ?? 'Unlimited'}</Text>
      {offerUpgrade ? (
        <Box p="4" rounded="md" borderWidth="1px" bg="bg.subtle">
          <Stack gap="3" align="flex-start">
            <Text fontWeight="semibold">Working with a team?</Text>
            <Text>
              Your plan includes no e-mail invitations. Meanwhile, others join this project when you share its project ID with them.
            </Text>
            <Button size="sm" colorPalette="blue" onClick={onUpgrade}>
              Upgrade for invites
            </Button>
          </Stack>
        </Box>
      ) : manages ? (
        left === 0 ? (
          <Text color="fg.muted">{NO_INVITES_LEFT}</Text>
        ) : (
          <InviteForm {...props} />
        )
      ) : null}
      {invites.length > 0 ? <PendingInvites {...props} /> : null}
    </Stack>
  );
}

function InviteForm({ draft, underWay, waiting, onEmail, onRole, onSend }: ProjectInvitesProps) {
  const sending = underWay?.kind === 'invite';
  return (
    <Stack
      as="form"
      aria-labelledby={FORM_HEADING_ID}
      gap="3"
      p="4"
      rounded="md"
      borderWidth="1px"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <Text id={FORM_HEADING_ID} fontWeight="semibold">
        Invite by e-mail
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-end' }}>
        <Field.Root required flex="2" disabled={sending}>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" autoComplete="off" maxLength={254} value={draft.email} onChange={(e) => onEmail(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root flex="1" disabled={sending}>
          <Field.Label>Role</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.role}
              onChange={(event) => {
                const { value } = event.currentTarget;
                if (isInvitableRole(value)) onRole(value);
              }}
            >
              {INVITABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={sending} disabled={waiting && !sending}>
          Send invite
        </Button>
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {ROLE_LABELS[draft.role]}: {ROLE_DESCRIPTIONS[draft.role]} The link works for {INVITE_LIFETIME_DAYS} days.
      </Text>
    </Stack>
  );
}

function PendingInvites({ invites, manages, underWay, waiting, onRevoke }: ProjectInvitesProps) {
  return (
    <Stack gap="2">
      <Text id={PENDING_ID} fontWeight="semibold">
        Pending invites
      </Text>
      <Table.Root role="table" aria-labelledby={PENDING_ID} size="sm" {...stackedTable}>
        <StackedTableHead columns={columns} />
        <Table.Body role="rowgroup" {...stackedBody}>
          {invites.map((invite) => (
            <Table.Row key={invite.id} role="row" {...stackedRow}>
              <Table.Cell role="cell" {...stackedCell}>
                {cellLabel('Email')}
                <EmailText email={invite.email} />
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell}>
                {cellLabel('Role')}
                {ROLE_LABELS[invite.role]}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell}>
                {cellLabel('Expires')}
                {formatUtcMoment(invite.expiresAt)}
              </Table.Cell>
              <Table.Cell role="cell" {...stackedCell} textAlign={{ lg: 'end' }}>
                {cellLabel('Actions')}
                {manages ? (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={`Revoke the invite to ${invite.email}`}
                    loading={underWay?.kind === 'revoke' && underWay.inviteId === invite.id}
                    disabled={waiting}
                    onClick={() => onRevoke(invite.id)}
                  >
                    Revoke
                  </Button>
                ) : (
                  <Text as="span" color="fg.muted">
                    —
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
