/**
 * What a subscription in the playground has cost and received: the credits the gateway charged for
 * it (SPEC.md §9 credit costs; every notification delivered is charged, credits.ts), and the count a
 * screen reader hears without one announcement per block.
 */
import { CREDITS_PER_NOTIFICATION, creditsFor } from './credits';

export interface SubscriptionTally {
  /** Notifications delivered. */
  readonly notifications: number;
  /** eth_subscribe calls the node answered with a subscription (one, plus one per reconnection). */
  readonly subscribes: number;
  /** eth_unsubscribe calls the node answered. */
  readonly unsubscribes: number;
}

export const EMPTY_TALLY: SubscriptionTally = { notifications: 0, subscribes: 0, unsubscribes: 0 };

/** Credits used: notifications × CREDITS_PER_NOTIFICATION, plus each eth_subscribe and eth_unsubscribe call's credits. */
export function subscriptionCredits({ notifications, subscribes, unsubscribes }: SubscriptionTally): number {
  return notifications * CREDITS_PER_NOTIFICATION + subscribes * creditsFor('eth_subscribe') + unsubscribes * creditsFor('eth_unsubscribe');
}

/** After the first notification, the live region speaks again only at every this many. */
export const ANNOUNCE_EVERY = 10;

/**
 * What the live region says about arriving notifications: nothing before the first, then 'First
 * notification received.', then the count at 10, 20, 30… — exact when spoken, and quiet in between,
 * so a block every second does not flood a screen reader. The visible counter is always exact.
 */
export function notificationAnnouncement(count: number): string {
  if (count < 1) return '';
  if (count < ANNOUNCE_EVERY) return 'First notification received.';
  const milestone = Math.floor(count / ANNOUNCE_EVERY) * ANNOUNCE_EVERY;
  return `${milestone} notifications received.`;
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A count or a number of credits as the screen shows it: 1,234. */
export function formatCount(value: number): string {
  return counts.format(value);
}
