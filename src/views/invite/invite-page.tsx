import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { selectActingProject, selectIsAuthenticated, selectIsResolving, selectUser } from '@machines/auth';
import {
  inviteAcceptanceMachine,
  selectCanRetry,
  selectError,
  selectHasJoined,
  selectIsAccepting,
  selectIsLoading,
  selectIsOpen,
  selectLinkProblem,
  selectPreview,
} from '@machines/invite-acceptance';
import { inviteCalls } from '@/api/invite-calls';
import { AuthActor } from '@/hooks/auth-actor';
import { useAppConfig } from '@/hooks/app-config';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { decodePathParam } from '@/domain/path-param';
import { isInviter } from '@/domain/invites';
import { loginReturningTo, paths, signupReturningTo, toInvite } from '@/domain/paths';
import { AuthPageFrame } from '@/components/auth-page-frame';
import { ErrorAlert } from '@/components/error-alert';
import { FooterLink } from '@/components/footer-link';
import { ProductName } from '@/components/product-name';
import { SuccessAlert } from '@/components/success-alert';
import { InviteActions, type Viewer } from './invite-actions';
import { InviteDetails } from './invite-details';

export interface InvitePageProps {
  /** The machine's effects; the real API calls unless a test brings its own. */
  actors?: Pick<typeof inviteCalls, 'getInvite' | 'acceptInvite'>;
}

/**
 * /invite/{token}: the link of an invitation mail, for anyone holding it. A signed-in user accepts
 * it here and then acts in the project joined, on the dashboard; a visitor signs in or creates an
 * account, each coming back here.
 */
export default function InvitePage({ actors = inviteCalls }: InvitePageProps) {
  usePageTitle('Project invitation');
  const [, navigate] = useLocation();
  const { token = '' } = useParams<{ token?: string }>();
  const session = AuthActor.useActorRef();
  const invite = useFlowActor(
    inviteAcceptanceMachine.provide({
      actors: {
        getInvite: fromPromise(({ input, signal }) => actors.getInvite(input.token, signal)),
        acceptInvite: fromPromise(({ input, signal }) => actors.acceptInvite(input.token, signal)),
      },
      actions: {
        // Read at the moment of joining: the session's acting project, not the one of the first render.
        joined: (_, { project }) => {
          selectActingProject(session.getSnapshot())?.send({ type: 'project.joined', projectId: project.id });
          navigate(paths.home);
        },
      },
    }),
    { input: { token: decodePathParam(token) } },
  );
  const preview = useSelector(invite, selectPreview);
  const isLoading = useSelector(invite, selectIsLoading);
  const linkProblem = useSelector(invite, selectLinkProblem);
  const error = useSelector(invite, selectError);
  const canRetry = useSelector(invite, selectCanRetry);
  const isOpen = useSelector(invite, selectIsOpen);
  const isAccepting = useSelector(invite, selectIsAccepting);
  const hasJoined = useSelector(invite, selectHasJoined);
  const viewer = useViewer();
  const productName = useAppConfig()?.productName;
  const here = toInvite(decodePathParam(token));
  const sentByViewer = viewer.kind === 'user' && isInviter(viewer.email, preview?.inviterEmail ?? null);

  return (
    <AuthPageFrame title="Project invitation" brand={<ProductName name={productName} />} footer={footerFor(viewer, isOpen)}>
      {isLoading ? (
        <HStack gap="3" role="status" aria-live="polite">
          <Spinner size="sm" color="blue.600" aria-hidden="true" />
          <Text>Loading the invite...</Text>
        </HStack>
      ) : null}
      {linkProblem ? <ErrorAlert message={linkProblem} /> : null}
      {preview ? <InviteDetails preview={preview} sentByViewer={sentByViewer} /> : null}
      {error ? <ErrorAlert message={error} /> : null}
      {canRetry ? (
        <Button alignSelf="flex-start" colorPalette="blue" onClick={() => invite.send({ type: 'invite.retry' })}>
          Try again
        </Button>
      ) : null}
      {isOpen ? (
        <InviteActions
          viewer={viewer}
          sentTo={preview?.email ?? ''}
          sentByViewer={sentByViewer}
          onLogout={() => session.send({ type: 'auth.logout' })}
          accepting={isAccepting}
          onAccept={() => invite.send({ type: 'invite.accept' })}
          signInHref={loginReturningTo(here)}
          signUpHref={signupReturningTo(here)}
        />
      ) : null}
      {hasJoined && preview ? <SuccessAlert message={`You joined ${preview.projectName}.`} /> : null}
    </AuthPageFrame>
  );
}

/** Somewhere to go from here: the dashboard when signed in; /login for a visitor whose link leads nowhere. */
function footerFor(viewer: Viewer, isOpen: boolean): ReactNode {
  if (viewer.kind === 'user') return <FooterLink href={paths.home}>Go to the dashboard</FooterLink>;
  if (viewer.kind === 'visitor' && !isOpen) {
    return (
      <FooterLink prompt="Have an account?" href={paths.login}>
        Log in
      </FooterLink>
    );
  }
  return null;
}

/** The session as this page needs it. */
function useViewer(): Viewer {
  const isAuthenticated = AuthActor.useSelector(selectIsAuthenticated);
  const isResolving = AuthActor.useSelector(selectIsResolving);
  const email = AuthActor.useSelector((s) => selectUser(s)?.email ?? null);
  if (isAuthenticated) return { kind: 'user', email };
  return isResolving ? { kind: 'resolving' } : { kind: 'visitor' };
}
