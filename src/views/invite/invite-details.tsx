import { DataList, Text } from '@chakra-ui/react';
import type { InvitePreview } from '@machines/invite-acceptance';
import { formatUtcMoment } from '@/domain/key-lifecycle';
import { ROLE_LABELS } from '@/domain/roles';
import { EmailText } from '@/components/email-text';

/** Who invited whom, as the sentence opens: the sender reading their own link is "You". */
function whoInvited(inviterEmail: string | null, email: string, sentByViewer: boolean) {
  if (sentByViewer) {
    return (
      <>
        You invited <EmailText email={email} /> to join{' '}
      </>
    );
  }
  if (inviterEmail === null) return 'You are invited to join ';
  return (
    <>
      <EmailText email={inviterEmail} /> invited you to join{' '}
    </>
  );
}

/**
 * What an invite offers: the project, the role, who invited, the address it was sent to, until
 * when. `sentByViewer`: the signed-in user sent it (the sentence names the invitee instead).
 */
export function InviteDetails({ preview, sentByViewer }: { preview: InvitePreview; sentByViewer: boolean }) {
  const { projectName, role, email, inviterEmail, expiresAt } = preview;
  return (
    <>
      <Text>
        {whoInvited(inviterEmail, email, sentByViewer)}
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
