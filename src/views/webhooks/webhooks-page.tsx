import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { selectWasSaved, webhookFormMachine } from '@machines/webhook-form';
import { useFlowActor } from '@/hooks/inspection';
import { usePageTitle } from '@/hooks/use-page-title';
import { PageHeader } from '@/components/page-header';
import type { WebhookRow } from '@/domain/webhook-form';
import { AboutWebhooksCard } from './about-webhooks-card';
import { ConfigureWebhookDialog } from './configure-webhook-dialog';
import { type WebhookActors, webhookActors } from './webhook-actors';
import { WebhookStatsCard } from './webhook-stats-card';
import { NEW_WEBHOOK_BUTTON, SAVED_NOTICE } from './webhook-texts';
import { MyWebhooksCard } from './webhooks-table';

const TITLE = 'Webhooks';
/** SPEC.md: the list stays empty (creating a webhook only logs). */
const NO_WEBHOOKS: readonly WebhookRow[] = [];

export interface WebhooksPageProps {
  /** The webhooks to list; none in this preview, some in tests of the table. */
  webhooks?: readonly WebhookRow[];
  /** What saving and deleting do; logDemoAction unless a test brings its own. */
  actors?: WebhookActors;
}

/** /webhooks (SPEC.md "Webhooks (demo)"): About, usage and billing cycle, My Webhooks, and the Configure Webhook modal. */
export default function WebhooksPage({ webhooks = NO_WEBHOOKS, actors = webhookActors }: WebhooksPageProps) {
  usePageTitle(TITLE);
  const form = useFlowActor(webhookFormMachine.provide({ actors: { saveWebhook: actors.saveWebhook } }));
  const wasSaved = useSelector(form, selectWasSaved);

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Get a call on your server when a transaction touches the addresses you watch."
        actions={
          <Button colorPalette="blue" alignSelf={{ base: 'flex-start', md: 'auto' }} onClick={() => form.send({ type: 'webhook.new' })}>
            {NEW_WEBHOOK_BUTTON}
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          <Stack gridColumn={{ lg: 'span 2' }}>
            <AboutWebhooksCard />
          </Stack>
          <WebhookStatsCard />
        </SimpleGrid>
        {/* Empty, the status line takes no room; it stays in place so that its text is announced. */}
        <Stack gap="2">
          <Text role="status" color="green.700" fontSize="sm">
            {wasSaved ? SAVED_NOTICE : ''}
          </Text>
          <MyWebhooksCard
            webhooks={webhooks}
            onEdit={(webhook) => form.send({ type: 'webhook.edit', webhook })}
            onDelete={actors.deleteWebhook}
          />
        </Stack>
      </Stack>
      <ConfigureWebhookDialog form={form} />
    </>
  );
}
