import { DataList, Text } from '@chakra-ui/react';
import type { InvitePreview } from '@machines/invite-acceptance';
import { formatUtcMoment } from '@/domain/key-lifecycle';
import { ROLE_LABELS } from '@/domain/roles';
import { EmailText } from '@/components/email-text';

/** What an invite offers: the project, the role, who invited, the address it was sent to, until when. */
export function InviteDetails({ preview }: { preview: InvitePreview }) {
  const { projectName, role, email, inviterEmail, expiresAt } = preview;
  return (
    <>
      <Text>
        {inviterEmail === null ? 'You are invited' : <EmailText email={inviterEmail} />}
        {inviterEmail === null ? ' to join ' : ' invited you to join '}
        <Text as="span" fontWeight="semibold" overflowWrap="anywhere">
          {projectName}
        </Text>{' '}
        as {ROLE_LABELS[role]}.
      </Text>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item>
          <DataList.ItemLabel minW="24">Project</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" overflowWrap="anywhere">
            {projectName}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="24">Role</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{ROLE_LABELS[role]}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="24">Invited by</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{inviterEmail === null ? '—' : <EmailText email={inviterEmail} />}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="24">Sent to</DataList.ItemLabel>
          <DataList.ItemValue>
            <EmailText email={email} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="24">Expires</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">
            <time dateTime={expiresAt}>{formatUtcMoment(expiresAt)}</time>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </>
  );
}
