/** What the subscription playground shows, read from a snapshot of machines/ws-subscription.ts. */
import type { SnapshotFrom } from 'xstate';
import { reconnectDelay } from '@/domain/reconnect';
import { filterProblem } from '@/domain/subscription-form';
import { notificationAnnouncement, subscriptionCredits } from '@/domain/subscription-tally';
import type { wsSubscriptionMachine } from './ws-subscription';

export type WsSubscriptionSnapshot = SnapshotFrom<typeof wsSubscriptionMachine>;

/** Where the connection stands, one word per state the screen tells apart. */
export type ConnectionPhase = 'closed' | 'failed' | 'connecting' | 'subscribing' | 'subscribed' | 'open' | 'closing' | 'retrying';

export function selectPhase(s: WsSubscriptionSnapshot): ConnectionPhase {
  if (s.matches({ idle: 'failed' })) return 'failed';
  if (s.matches('idle')) return 'closed';
  if (s.matches('retrying')) return 'retrying';
  if (s.matches({ connection: 'connecting' })) return 'connecting';
  if (s.matches({ connection: 'subscribing' })) return 'subscribing';
  if (s.matches({ connection: 'subscribed' })) return 'subscribed';
  if (s.matches({ connection: 'open' })) return 'open';
  return 'closing';
}

export const selectNetwork = (s: WsSubscriptionSnapshot) => s.context.network;
export const selectSubscription = (s: WsSubscriptionSnapshot) => s.context.subscription;
export const selectFilterText = (s: WsSubscriptionSnapshot) => s.context.filterText;
/** Why the log filter cannot be sent, or null (always null for newHeads). */
export const selectFilterProblem = (s: WsSubscriptionSnapshot) => filterProblem(s.context.subscription, s.context.filterText);
export const selectNotifications = (s: WsSubscriptionSnapshot) => s.context.tally.notifications;
export const selectCredits = (s: WsSubscriptionSnapshot) => subscriptionCredits(s.context.tally);
export const selectLastNotification = (s: WsSubscriptionSnapshot) => s.context.lastNotification;
/** What the live region says about arriving notifications (the count at milestones, never once per block). */
export const selectAnnouncement = (s: WsSubscriptionSnapshot) => notificationAnnouncement(s.context.tally.notifications);
export const selectCanSubscribe = (s: WsSubscriptionSnapshot) => s.can({ type: 'ws.subscribe' });
export const selectCanStop = (s: WsSubscriptionSnapshot) => s.can({ type: 'ws.unsubscribe' });
/** The network can change only while no socket is open; the subscription also while one is `open`. */
export const selectNetworkLocked = (s: WsSubscriptionSnapshot) => !s.matches('idle');
export const selectFormLocked = (s: WsSubscriptionSnapshot) => !s.matches('idle') && !s.matches({ connection: 'open' });
/** The error shown as an alert: a failure, or a refused eth_subscribe; a drop being retried is told in the status. */
export const selectError = (s: WsSubscriptionSnapshot) => (s.matches('idle') || s.matches({ connection: 'open' }) ? s.context.error : null);

/** What the stop button says: it ends whatever the connection is doing. */
export function selectStopLabel(s: WsSubscriptionSnapshot): 'Unsubscribe' | 'Disconnect' | 'Cancel' {
  switch (selectPhase(s)) {
    case 'open':
      return 'Disconnect';
    case 'connecting':
    case 'subscribing':
    case 'retrying':
      return 'Cancel';
    default:
      return 'Unsubscribe';
  }
}

/** One sentence on where the connection stands (the live region's); `network` is the label of the network it is on. */
export function selectStatusText(s: WsSubscriptionSnapshot, network: string): string {
  const { context } = s;
  switch (selectPhase(s)) {
    case 'closed':
      return context.tally.subscribes > 0 ? 'Unsubscribed: the connection is closed.' : 'Not subscribed.';
    case 'failed':
      return 'Not subscribed: the connection failed.';
    case 'connecting':
      return context.attempt > 0
        ? `Connecting again (try ${context.attempt} of ${context.reconnectAttempts})…`
        : `Connecting to ${network}…`;
    case 'subscribing':
      return `Subscribing to ${context.subscription}…`;
    case 'subscribed':
      return `Subscribed to ${context.subscription} on ${network}.`;
    case 'open':
      return 'Connected, not subscribed.';
    case 'closing':
      return 'Unsubscribing…';
    case 'retrying': {
      const seconds = Math.round(reconnectDelay(context.attempt) / 1000);
      return `Connection lost: ${context.error ?? ''} Connecting again in ${seconds} s (try ${context.attempt} of ${context.reconnectAttempts}).`;
    }
  }
}
