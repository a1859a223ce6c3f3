import { Link } from 'wouter';
import { Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { EmailText } from '@/components/email-text';
import { INVITE_OTHER_EMAIL, INVITE_SENT_BY_YOU, isInvitedAddress } from '@/domain/invites';
import { paths } from '@/domain/paths';

/** Who is looking at the invite: not known yet (the session is being restored), a visitor, or a signed-in user. */
export type Viewer = { kind: 'resolving' } | { kind: 'visitor' } | { kind: 'user'; email: string | null };

interface InviteActionsProps {
  viewer: Viewer;
  /** The address the invite was sent to: only its owner can accept it. */
  sentTo: string;
  /** The signed-in user sent it (isInviter): nothing to accept, the way back to Project Users instead. */
  sentByViewer: boolean;
  /** Ends the session, so that the visitor can sign in with the invite's address. */
  onLogout: () => void;
  accepting: boolean;
  onAccept: () => void;
  /** /login and /signup, each bringing the visitor back to this page. */
  signInHref: string;
  signUpHref: string;
}

/** Accept for a signed-in user; sign in or create an account first for a visitor. */
export function InviteActions({ viewer, sentTo, sentByViewer, onLogout, accepting, onAccept, signInHref, signUpHref }: InviteActionsProps) {
  if (viewer.kind === 'resolving') {
    return (
      <HStack gap="3" role="status" aria-live="polite">
        <Spinner size="sm" color="blue.600" aria-hidden="true" />
        <Text>Checking your session...</Text>
      </HStack>
    );
  }
  if (viewer.kind === 'visitor') {
    return (
      <Stack gap="3">
        <Text color="fg.muted">Sign in with the address the invite was sent to, or create an account with it.</Text>
        <Button asChild colorPalette="blue">
          <Link href={signInHref}>Sign in to accept</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="blue">
          <Link href={signUpHref}>Create an account</Link>
        </Button>
      </Stack>
    );
  }
  if (sentByViewer) {
    return (
      <Stack gap="3">
        <Text color="fg.muted">{INVITE_SENT_BY_YOU}</Text>
        <Button asChild variant="outline" colorPalette="blue">
          <Link href={paths.settings}>Back to Project Users</Link>
        </Button>
      </Stack>
    );
  }
  if (!isInvitedAddress(viewer.email, sentTo)) {
    return (
      <Stack gap="3">
        <Text color="fg.muted">
          Signed in as <EmailText email={viewer.email ?? ''} />. {INVITE_OTHER_EMAIL}
        </Text>
        <Button variant="outline" colorPalette="blue" onClick={onLogout}>
          Log out
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      {viewer.email === null ? null : (
        <Text color="fg.muted">
          Signed in as <EmailText email={viewer.email} />
        </Text>
      )}
      <Button colorPalette="blue" loading={accepting} loadingText="Accepting..." onClick={onAccept}>
        Accept invite
      </Button>
    </Stack>
  );
}
