import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { wsSubscriptionMachine } from '@machines/ws-subscription';
import * as ws from '@machines/ws-subscription.selectors';
import { currentApiBase } from '@/api/rpc-calls';
import { useFlowActor } from '@/hooks/inspection';
import { NetworkSwitch } from '@/components/network-switch';
import { networkLabel } from '@/domain/networks';
import { useNetworks } from '@/hooks/use-networks';
import { SegmentSwitch } from '@/components/segment-switch';
import { websocketUrl } from '@/domain/endpoint-urls';
import {
  FILTER_EXAMPLE,
  PLAYGROUND_SUBSCRIPTIONS,
  SUBSCRIPTION_HINTS,
  SUBSCRIPTION_LABELS,
  isPlaygroundSubscription,
} from '@/domain/subscription-form';
import { JsonEditor } from './json-editor';
import { PlaygroundForm } from './playground-form';
import { PlaygroundUrlField } from './playground-url-field';
import { NotificationPanel } from './notification-panel';
import type { RpcTestingActors, SubscriptionTiming } from './rpc-testing-actors';

interface SubscriptionPlaygroundProps {
  /** The key chosen on the page; null when the user has none (Subscribe is then disabled). */
  apiKey: string | null;
  actors: RpcTestingActors;
  timing?: SubscriptionTiming;
}

const subscriptionItems = PLAYGROUND_SUBSCRIPTIONS.map((value) => ({ value, label: SUBSCRIPTION_LABELS[value] }));

/** The subscription mode of /rpc-testing, over machines/ws-subscription.ts: subscribe, watch notifications arrive, unsubscribe. */
export function SubscriptionPlayground({ apiKey, actors, timing = {} }: SubscriptionPlaygroundProps) {
  const flow = useFlowActor(wsSubscriptionMachine.provide({ actors: actors.subscription }), {
    input: { apiKey, ...(timing.reconnectAttempts === undefined ? {} : { reconnectAttempts: timing.reconnectAttempts }) },
    ...(timing.clock === undefined ? {} : { clock: timing.clock }),
  });
  const phase = useSelector(flow, ws.selectPhase);
  const network = useSelector(flow, ws.selectNetwork);
  const subscription = useSelector(flow, ws.selectSubscription);
  const filterText = useSelector(flow, ws.selectFilterText);
  const filterProblem = useSelector(flow, ws.selectFilterProblem);
  const canSubscribe = useSelector(flow, ws.selectCanSubscribe);
  const stopLabel = useSelector(flow, ws.selectStopLabel);
  const networkLocked = useSelector(flow, ws.selectNetworkLocked);
  const formLocked = useSelector(flow, ws.selectFormLocked);
  const networks = useNetworks();
  const label = networkLabel(networks, network);
  const status = useSelector(flow, (s) => ws.selectStatusText(s, label));
  const announcement = useSelector(flow, ws.selectAnnouncement);
  const error = useSelector(flow, ws.selectError);
  const notifications = useSelector(flow, ws.selectNotifications);
  const credits = useSelector(flow, ws.selectCredits);
  const lastNotification = useSelector(flow, ws.selectLastNotification);
  const url = websocketUrl(currentApiBase(), network, apiKey);
  const send = flow.send;

  // One button, kept in place as it turns from Subscribe into Cancel or Unsubscribe, so a keyboard
  // user's focus stays on it; while unsubscribing it only says so (aria-disabled keeps the focus too).
  const subscribes = phase === 'closed' || phase === 'failed' || phase === 'open';
  const unsubscribing = phase === 'closing';

  return (
    <Stack gap="6">
      <PlaygroundForm headingId="subscription-heading" heading="Subscription" onSubmit={() => send({ type: 'ws.subscribe' })}>
        <NetworkSwitch
          networks={networks}
          value={network}
          disabled={networkLocked}
          onChange={(next) => send({ type: 'ws.network.select', network: next })}
        />
        <PlaygroundUrlField label="WebSocket URL" url={url} apiKey={apiKey} purpose="subscribe" clipboard={actors.clipboard} />
        <Stack gap="1.5">
          <SegmentSwitch
            label="Subscription type"
            items={subscriptionItems}
            value={subscription}
            isValue={isPlaygroundSubscription}
            disabled={formLocked}
            onChange={(next) => send({ type: 'ws.subscription.select', subscription: next })}
          />
          <Text color="fg.muted" fontSize="sm">
            {SUBSCRIPTION_HINTS[subscription]}
          </Text>
        </Stack>
        {subscription === 'logs' ? (
          <JsonEditor
            label="Log filter (JSON object, optional)"
            hint="Sent with eth_subscribe: address and topics as eth_getLogs takes them. Blank: every log."
            placeholder={FILTER_EXAMPLE}
            maxRows={8}
            value={filterText}
            problem={filterProblem}
            disabled={formLocked}
            onChange={(text) => send({ type: 'ws.filter.edit', text })}
          />
        ) : null}
        <Flex gap="3" wrap="wrap">
          <Button
            type={subscribes ? 'submit' : 'button'}
            colorPalette="blue"
            disabled={subscribes && !canSubscribe}
            aria-disabled={unsubscribing || undefined}
            onClick={(event) => {
              if (subscribes) return;
              event.preventDefault();
              if (!unsubscribing) send({ type: 'ws.unsubscribe' });
            }}
          >
            {subscribes ? 'Subscribe' : unsubscribing ? 'Unsubscribing...' : stopLabel}
          </Button>
          {phase === 'open' ? (
            <Button type="button" variant="outline" onClick={() => send({ type: 'ws.unsubscribe' })}>
              {stopLabel}
            </Button>
          ) : null}
        </Flex>
      </PlaygroundForm>
      <NotificationPanel
        status={status}
        announcement={announcement}
        error={error}
        notifications={notifications}
        credits={credits}
        lastNotification={lastNotification}
        busy={phase === 'connecting' || phase === 'subscribing' || phase === 'closing' || phase === 'retrying'}
      />
    </Stack>
  );
}
