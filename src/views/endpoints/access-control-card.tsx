import { useEffect, useRef } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { accessControlEditorMachine, selectLists, selectSavedKind } from '@machines/access-control-editor';
import { accessControlActors, accessControlQueryKey, useAccessControlQuery } from '@/api/access-control-calls';
import { queryFeed } from '@/api/query-feed';
import { useFlowActor } from '@/hooks/inspection';
import { ErrorAlert } from '@/components/error-alert';
import { LoadingScreen } from '@/components/loading-screen';
import { ACCESS_KINDS, type AccessSettings } from '@/domain/access-control';
import { failureIn } from '@/domain/call-failure';
import { failureMessage } from '@/domain/failure-message';
import { ACCESS_CONTROL_ANCHOR } from '@/domain/paths';
import { AccessRuleDialog } from './access-rule-dialog';
import { AccessRuleRow } from './access-rule-row';
import { ACCESS_RULE_TEXT } from '@/domain/access-rule-text';

export interface AccessControlCardProps {
  /** The editor's effects; the real PUT /accessControl unless a test brings its own. */
  actors?: typeof accessControlActors;
}

const HEADING_ID = 'access-control-heading';

/** SPEC.md "Endpoints": the RPC Access Control card, its three rules and their editor. */
export function AccessControlCard({ actors = accessControlActors }: AccessControlCardProps) {
  const lists = useAccessControlQuery();
  const card = useLandingTarget(ACCESS_CONTROL_ANCHOR);
  return (
    <Card.Root as="section" aria-labelledby={HEADING_ID} id={ACCESS_CONTROL_ANCHOR} ref={card} tabIndex={-1} scrollMarginTop="20">
      <Card.Header>
        <Heading id={HEADING_ID} as="h2" size="lg">
          RPC Access Control
        </Heading>
        <Text color="fg.muted">
          Limit who may call your RPC URLs with any of your API keys. Every list that has values must let a call through; an empty list
          allows everything.
        </Text>
      </Card.Header>
      <Card.Body>
        {lists.data ? (
          <AccessRules stored={lists.data} actors={actors} />
        ) : lists.isError ? (
          <Stack gap="3" align="flex-start">
            <ErrorAlert message={failureMessage('loadAccessControl', failureIn(lists.error))} />
            <Button size="sm" variant="outline" onClick={() => void lists.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : (
          <LoadingScreen label="Loading access control..." />
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * A link to `/endpoints#{id}` (the playground's refusal notice) lands here: a client-side
 * navigation does not scroll to the hash as a page load would, and the card appears only once the
 * page's data is in, so the card scrolls itself into view (below the sticky top bar) and takes the
 * focus, where a keyboard or screen reader user goes on from.
 */
function useLandingTarget(id: string) {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    target.current?.scrollIntoView({ block: 'start' });
    target.current?.focus({ preventScroll: true });
  }, [id]);
  return target;
}

/**
 * The rules once the stored lists are known: the editor starts from them, writes what the server
 * stored back into the query cache, and watches that cache for every fresh read (the query
 * refetches on focus, so a save made in another tab arrives here): a save replaces all three lists,
 * and must not put back stale ones.
 */
function AccessRules({ stored, actors }: { stored: AccessSettings; actors: typeof accessControlActors }) {
  const queryClient = useQueryClient();
  const editor = useFlowActor(
    accessControlEditorMachine.provide({
      actors: {
        ...actors,
        storedLists: queryFeed(queryClient, accessControlQueryKey, (lists: AccessSettings) => ({ type: 'lists.sync', lists })),
      },
      actions: {
        listsSaved: (_, { lists }) =>
          queryClient.setQueryData(accessControlQueryKey, {
            domains: [...lists.domains],
            ips: [...lists.ips],
            cidrs: [...lists.cidrs],
            allowNoOrigin: lists.allowNoOrigin,
          }),
      },
    }),
    { input: { lists: stored } },
  );
  const lists = useSelector(editor, selectLists);
  const savedKind = useSelector(editor, selectSavedKind);

  return (
    <>
      <Stack gap="0" css={{ '& > * + *': { borderTopWidth: '1px' } }}>
        {ACCESS_KINDS.map((kind) => (
          <AccessRuleRow
            key={kind}
            kind={kind}
            values={lists[kind]}
            allowNoOrigin={lists.allowNoOrigin}
            onEdit={() => editor.send({ type: 'rule.open', kind })}
          />
        ))}
      </Stack>
      <Text role="status" color="green.700" fontSize="sm" minH="5">
        {savedKind ? `${ACCESS_RULE_TEXT[savedKind].title} saved. The gateway enforces them from now on.` : ''}
      </Text>
      <AccessRuleDialog editor={editor} />
    </>
  );
}
